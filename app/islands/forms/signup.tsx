// The /signup page's island (decision 077).
import { SignupForm } from "~/components/signup/signup-form";
import { hydrateFormIsland } from "../hydrate-form-island";

hydrateFormIsland("signup", SignupForm);
