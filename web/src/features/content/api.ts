import { useMutation } from '@tanstack/react-query';
import type { ApiSingle, TContactMessage, TScreeningReviewForm } from '@app/domain';
import { MESSAGES } from '@app/domain';
import { apiPost, isApiError } from '../../api/client.ts';

/** A stored contact message as `POST /api/contact-messages` answers it. */
export interface ContactMessageAttributes {
  name: string;
  email: string;
  note: string;
  createdAt?: string;
}

/** What the report form sends to `POST /api/reports`; empty optional fields are left out. */
export interface ReportInput {
  reason: string;
  details?: string;
  listing?: string;
  email?: string;
}

export interface ReportAttributes {
  reason: string;
  details?: string | null;
  listing?: string | null;
  email?: string | null;
  createdAt?: string;
}

/** Contact Us (spec 000 §7): `POST /api/contact-messages { data: { name, email, note } }`, public. */
export function sendContactMessage(data: TContactMessage) {
  return apiPost<ApiSingle<ContactMessageAttributes>>('/contact-messages', { data }, { auth: false });
}

/** A report to the site's staff: `POST /api/reports { data }`; anyone may send one. */
export function sendReport(data: ReportInput) {
  return apiPost<ApiSingle<ReportAttributes>>('/reports', { data }, { auth: false });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}

export interface FailureToast {
  type: 'error' | 'warning';
  message: string;
}

/**
 * The toast for a failed contact message (spec 000 §8, as for login): a bad request becomes
 * 'Invalid email or password', any other error reply the generic warning, and a failure without a
 * reply (network) shows its own message.
 */
export function getContactFailureToast(error: unknown): FailureToast {
  if (isApiError(error)) {
    if (error.isBadRequest) return { type: 'error', message: MESSAGES.login.invalidCredentials };
    if (error.isNetworkError) return { type: 'error', message: error.message };
  }
  return { type: 'warning', message: MESSAGES.toast.genericWarning };
}

/** The reason a report failed, for the alert under the form: the server's words for bad input. */
export function getReportFailureDetail(error: unknown): string {
  if (isApiError(error) && (error.isBadRequest || error.isNetworkError)) return error.message;
  return MESSAGES.toast.genericWarning;
}

/**
 * A screening review request: `POST /api/screening-reviews { data: { phone_number, dispute, email } }`,
 * public; the answer is the request's number only.
 */
export function sendScreeningReview(data: TScreeningReviewForm) {
  return apiPost<{ data: { id: number } }>('/screening-reviews', { data }, { auth: false });
}

export function useSendScreeningReview() {
  return useMutation({ mutationFn: sendScreeningReview });
}
