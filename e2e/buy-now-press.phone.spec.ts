import { purchasePressTests } from "./support/purchase-press";

purchasePressTests();
