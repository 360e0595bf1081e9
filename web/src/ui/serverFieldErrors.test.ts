import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { serverFieldErrors } from './serverFieldErrors.ts';

describe('serverFieldErrors', () => {
  it('reads the fields a validation error names, with the reply’s message when an entry has none', () => {
    const error = new ApiError(400, 'taken', 'ValidationError', {
      errors: [
        { path: ['email'], message: 'Email taken' },
        { path: ['username'] },
        { path: [] },
        'junk',
        null,
      ],
    });
    expect(serverFieldErrors(error)).toEqual([
      { field: 'email', path: ['email'], message: 'Email taken' },
      { field: 'username', path: ['username'], message: 'taken' },
    ]);
    expect(serverFieldErrors(new ApiError(500, 'boom'))).toEqual([]);
    expect(serverFieldErrors(new ApiError(400, 'no details', 'ValidationError', null))).toEqual([]);
    expect(serverFieldErrors(new ApiError(400, 'odd', 'ValidationError', { errors: 'x' }))).toEqual([]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
    expect(serverFieldErrors(undefined)).toEqual([]);
  });

  it('takes off the leading parts in `strip`, each when present, and reads dotted paths', () => {
    const error = new ApiError(400, 'bad', 'ValidationError', {
      errors: [
        { path: ['data', 'billing', 'phone'], message: 'Phone is required' },
        { path: ['data', 'items', 0, 'product'], message: 'gone' },
        { path: ['billing', 'town'], message: 'Town' },
        { path: 'data.transaction_id', message: 'used' },
        // Nothing is left of these once `data` is taken off.
        { path: ['data'], message: 'empty body' },
        { path: '', message: 'no path' },
      ],
    });
    expect(serverFieldErrors(error, ['data', 'billing'])).toEqual([
      { field: 'phone', path: ['phone'], message: 'Phone is required' },
      { field: 'items', path: ['items', '0', 'product'], message: 'gone' },
      { field: 'town', path: ['town'], message: 'Town' },
      { field: 'transaction_id', path: ['transaction_id'], message: 'used' },
    ]);
    // Without `strip` the path is kept whole; `billing` is not taken off when `data` is asked for alone.
    expect(serverFieldErrors(error, ['data']).map((e) => e.path.join('.'))).toEqual([
      'billing.phone',
      'items.0.product',
      'billing.town',
      'transaction_id',
    ]);
    expect(serverFieldErrors(error)[0]).toEqual({
      field: 'data',
      path: ['data', 'billing', 'phone'],
      message: 'Phone is required',
    });
  });

  it('reads the file an upload refusal names (415, 413)', () => {
    const error = new ApiError(415, 'not a recognised file type', 'UnsupportedMediaTypeError', {
      errors: [{ path: ['files'], message: 'not a recognised file type' }],
    });
    expect(serverFieldErrors(error)).toEqual([
      { field: 'files', path: ['files'], message: 'not a recognised file type' },
    ]);
  });
});
