import { useEffect, useRef } from 'react';
import type { Company } from '#shared/contract/companies';
import { useUpdateCompany } from './api/update-company';
import { browserTimeZone } from './schemas';

/**
 * A company no browser has given a zone yet (made through the API, or before companies had zones)
 * counts its days in UTC. On its owner's first visit it takes the browser's zone, quietly: the
 * company form shows the zone and changes it. A failure is left for the next visit.
 */
export const useAdoptBrowserTimeZone = (company: Company | undefined) => {
  const updateCompany = useUpdateCompany();
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!company || company.timeZoneChosen || tried.current === company._id) return;
    tried.current = company._id;
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    updateCompany(company._id, { timeZone }).catch(() => undefined);
  }, [company, updateCompany]);
};
