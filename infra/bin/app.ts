import { App } from 'aws-cdk-lib';
import { buildApp } from '../stacks/sailpost-app';

// `npx cdk synth -c stage=NAME` / `npm run deploy -- -c stage=NAME`; stage defaults to dev.
buildApp({ app: new App() });
