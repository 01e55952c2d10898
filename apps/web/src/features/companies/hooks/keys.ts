/** Every query key of the companies domain (super admin). */
export const companyKeys = {
  /** GET /companiesPlan/ (searched, infinite). */
  page: ['companies', 'page'] as const,
};
