// The suites' PostgreSQL where TEST_POSTGRES_URL names none: the machine's local server, as
// .ci/run names it. Imported for its effect by the test configs, before anything reads it.
process.env.TEST_POSTGRES_URL ??= "postgres://postgres@127.0.0.1:5432/test";
