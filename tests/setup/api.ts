// API tests build their own app and database per file (api/test-utils.ts); keep their logs quiet.
process.env.LOG_LEVEL ??= 'silent'
process.env.NODE_ENV ??= 'test'
