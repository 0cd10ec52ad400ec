import type { StepUpAnswer, StepUpBody } from '@panel/contract';
import { api } from '../../api/client';

/** `POST /api/step-up`: the session confirms its second factor for the next minutes. */
export const confirmStepUp = (body: StepUpBody) => api<StepUpAnswer>('/step-up', { method: 'POST', body });
