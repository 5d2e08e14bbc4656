import type { ErrorCode } from '@blogfleet/api';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details: unknown;
}

export const ok = (data: unknown) => ({ success: true as const, data });
export const fail = (error: ErrorBody) => ({ success: false as const, error });
