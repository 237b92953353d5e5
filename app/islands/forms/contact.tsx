// The /contact page's island (decision 077).
import { ContactForm } from "~/components/contact-form/contact-form";
import { hydrateFormIsland } from "../hydrate-form-island";

hydrateFormIsland("contact", ContactForm);
