// The /payment-success page's island (decision 077).
import { PaymentSuccessPage } from "~/components/payment-success/payment-success-page";
import { hydrateFormIsland } from "../hydrate-form-island";

hydrateFormIsland("payment-success", PaymentSuccessPage);
