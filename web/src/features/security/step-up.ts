import { stepUpEndpoint, type StepUpBody } from '@panel/contract';
import { call } from '../../api/client';

/**
 * `POST /api/step-up`: the session confirms its second factor for the next minutes. A wrong code
 * is a 401 too (INVALID_TWO_FACTOR_CODE): the modal shows it, it does not end the session.
 */
export const confirmStepUp = (body: StepUpBody) => call(stepUpEndpoint, { body, allowUnauthorized: true });
