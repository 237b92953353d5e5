import { purchasePressTests } from "./support/purchase-press";
import { test } from "./support/test";

// A desktop with a touch screen: its taps take the same path as a phone's.
test.use({ hasTouch: true });
purchasePressTests();
