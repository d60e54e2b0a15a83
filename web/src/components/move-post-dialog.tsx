import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent } from '#shared/contract/content';
import { SCHEDULE_MESSAGES } from '#shared/domain/content';
import { slotText } from '#shared/domain/schedule-slots';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { Modal } from '#web/components/modal';
import { SelectField } from '#web/components/select-field';
import { Skeleton } from '#web/components/skeleton';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { useFreeSlots, useMoveContent } from '#web/lib/api/move-content';

/**
 * Moving a scheduled post: its campaign's next free slots (in the campaign's zone), or publishing
 * it at once. The choice is the server's to check again: a slot taken meanwhile is refused with
 * its reason, and the dialog stays for another choice.
 */
export function MovePostDialog({
  campaign,
  post,
  onMoved,
  onClose,
}: {
  campaign: Campaign;
  post: GeneratedContent;
  /** The post as the move left it. */
  onMoved: (post: GeneratedContent) => void;
  onClose: () => void;
}) {
  const { data, error, isLoading } = useFreeSlots(campaign._id, post._id);
  const move = useMoveContent();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState<'move' | 'now' | null>(null);
  const zone = data?.timeZone ?? campaign.schedule.timeZone;
  const slot = chosen || data?.slots[0] || '';

  const submit = async (kind: 'move' | 'now') => {
    setBusy(kind);
    try {
      onMoved(
        await move(
          campaign._id,
          campaign.company,
          post._id,
          kind === 'now' ? { now: true } : { scheduledFor: slot },
        ),
      );
      toast.success(kind === 'now' ? SCHEDULE_MESSAGES.publishing : SCHEDULE_MESSAGES.moved);
      onClose();
    } catch (failure) {
      if (!isSessionEnded(failure)) toast.error(failureText('move the post', failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy !== null}
      title="Move post"
      description={
        post.scheduledFor
          ? `It goes out ${slotText(post.scheduledFor, zone)}.`
          : 'Choose when it goes out.'
      }
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => void submit('now')}
            loading={busy === 'now'}
            disabled={busy !== null}
          >
            Publish now
          </Button>
          <Button
            onClick={() => void submit('move')}
            loading={busy === 'move'}
            disabled={busy !== null || !slot}
          >
            Move
          </Button>
        </>
      }
    >
      {isLoading ? (
        <div role="status" aria-label="Loading free times">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : error || !data ? (
        <Alert tone="danger">The free times could not be read. Close and try again.</Alert>
      ) : data.slots.length === 0 ? (
        <p className="text-sm text-slate-600">
          No other free time before the campaign ends. You can still publish it now.
        </p>
      ) : (
        <SelectField
          label="Another free time"
          value={slot}
          onChange={(event) => setChosen(event.target.value)}
          options={data.slots.map((value) => ({ value, label: slotText(value, zone) }))}
        />
      )}
    </Modal>
  );
}
