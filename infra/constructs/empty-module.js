// Intentionally empty: what each `core-js/modules/*` polyfill import resolves to in the Lambda
// bundles (FUNCTION_BUNDLING in sailpost-function.ts, through package.json "imports").
