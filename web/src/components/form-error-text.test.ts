import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { formErrorText } from './form';

const refused = (status: number, message: string, code?: string) => new ApiError(status, code, status, message);

describe('formErrorText', () => {
  it("reads the server's words, the network line without an answer, and the fallback for what is no API answer", () => {
    expect(formErrorText(refused(409, 'Already taken.'), { fallback: 'Failed.' })).toBe('Already taken.');
    expect(formErrorText(refused(0, 'Network error.'), { fallback: 'Failed.' })).toBe('Network error.');
    expect(formErrorText(new Error('boom'), { fallback: 'Failed.' })).toBe('Failed.');
  });

  it('keeps the texts a screen lists by error code', () => {
    expect(formErrorText(refused(403, 'Permission denied.', 'FORBIDDEN'), { codes: { FORBIDDEN: 'Action Not Allowed' } })).toBe('Action Not Allowed');
  });

  it("reads a server failure as the screen's fallback with serverError, and in the server's words without it", () => {
    expect(formErrorText(refused(500, 'Internal error.'), { fallback: 'Failed.', serverError: true })).toBe('Failed.');
    expect(formErrorText(refused(502, 'Bad gateway.'), { fallback: 'Failed.', serverError: true })).toBe('Failed.');
    expect(formErrorText(refused(404, 'Not found.'), { fallback: 'Failed.', serverError: true })).toBe('Not found.');
    expect(formErrorText(refused(500, 'Internal error.'), { fallback: 'Failed.' })).toBe('Internal error.');
  });
});
