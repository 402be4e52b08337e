// API tests build their own app and database per file (api/test-utils.ts); keep their logs quiet.
process.env.LOG_LEVEL ??= 'silent'
process.env.NODE_ENV ??= 'test'
// @aws-sdk/client-s3 is pinned to releases that run on Node 20; its notice that later ones need 22 is known
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
