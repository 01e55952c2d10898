/** Every query key of the certificate domain. */
export const certificateKeys = {
  /** GET /settings/certificates. */
  status: ['certificate', 'status'] as const,
};
