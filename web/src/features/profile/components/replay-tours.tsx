import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { updateUserFailureText, useUpdateUser } from '#web/lib/api/update-user';
import { forgetEndedTours } from '#web/lib/tours/tour-progress';

export const TOURS_REPLAYED = 'The tours will show again on each page';

/** "Replay tours": clears the completed tours, so each page teaches itself once more. */
export function ReplayTours() {
  const updateUser = useUpdateUser();
  const [busy, setBusy] = useState(false);

  const replay = async () => {
    setBusy(true);
    try {
      await updateUser({ completedTours: [] });
      forgetEndedTours();
      toast.success(TOURS_REPLAYED);
    } catch (error) {
      toast.error(updateUserFailureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`${cardClasses} mt-10 space-y-3 p-5 sm:p-6`} aria-labelledby="tours-title">
      <h2 id="tours-title" className="text-base font-semibold text-slate-900">
        Onboarding tours
      </h2>
      <p className="text-sm text-slate-600">
        Each page shows a short tour the first time you open it. Replay them all from the start, or
        use the help icon beside a page’s title to see that page’s tour again.
      </p>
      <Button variant="secondary" onClick={() => void replay()} loading={busy}>
        Replay tours
      </Button>
    </section>
  );
}
