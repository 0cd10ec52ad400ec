/** What other features may use from this one (eslint.config.js keeps features to each other's index). */
export { StepUpForm, useStepUpInPlace } from './step-up-modal';
