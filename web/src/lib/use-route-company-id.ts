import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';

export const NO_COMPANY_SELECTED = 'No company selected';

/**
 * The route's company id. A page that needs one and has none says 'No company selected' and goes
 * to /dashboard.
 */
export const useRouteCompanyId = (): string | undefined => {
  const { companyId } = useParams();
  const navigate = useNavigate();
  const id = companyId?.trim() || undefined;
  useEffect(() => {
    if (id) return;
    toast.error(NO_COMPANY_SELECTED, { id: 'no-company-selected' });
    navigate('/dashboard', { replace: true });
  }, [id, navigate]);
  return id;
};
