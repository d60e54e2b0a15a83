import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { COMPANY_MESSAGES } from './messages';

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
    toast.error(COMPANY_MESSAGES.noCompanySelected, { id: 'no-company-selected' });
    navigate('/dashboard', { replace: true });
  }, [id, navigate]);
  return id;
};
