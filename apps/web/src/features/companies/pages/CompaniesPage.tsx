import { Box } from '@mui/material';
import { CompaniesManager } from '../components/CompaniesManager';

/** /companies (super admin only: the route guard sends others home). */
export default function CompaniesPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <CompaniesManager />
    </Box>
  );
}
