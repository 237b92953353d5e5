// The /buy-now page's island (decision 077).
import { PurchasePage } from "~/components/purchase/purchase-page";
import { hydrateFormIsland } from "../hydrate-form-island";

hydrateFormIsland("buy-now", PurchasePage);
