// html-validate's rules for the site's pages (tests/html/valid-html.test.ts, run by `npm run lint`
// and by `npm test`): its recommended and accessibility presets. Each change says why.
export default {
  extends: ["html-validate:recommended", "html-validate:a11y"],
  rules: {
    // React writes void elements as `<meta/>`; HTML allows the slash on them.
    "void-style": "off",
    // React keeps some attribute names in camel case (`charSet`, `fetchPriority`); HTML attribute
    // names are case-insensitive.
    "attr-case": "off",
    // React writes boolean attributes with an empty value (`required=""`, `hidden=""`), which
    // HTML defines as the same thing.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId makes ids like `_R_55_`: valid HTML ids; the strict mode wants CSS-friendly ones.
    "valid-id": ["error", { relaxed: true }],
    // A group of checkboxes shares one name (`interests` on /signup, `formats` on /buy-now): that
    // is how a form sends several values for one field.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    // A phone number kept on one line by CSS (`whitespace-nowrap`) needs no non-breaking
    // characters, which the subset fonts would not all have.
    "tel-non-breaking": ["error", { ignoreClasses: ["whitespace-nowrap"] }],
    // ARIA lets a list carry a name ("At a glance" on /about); screen readers announce it.
    "aria-label-misuse": ["error", { allowAnyNamable: true }],
    // Page titles are the spec's and the articles' own; search engines cut long ones themselves.
    "long-title": "off",
  },
};
