import { describe, expect, it } from 'vitest';
import { newTimeOrderedId } from '../core/ids';
import { uploadMediaId } from './campaign-media';

const company = '3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11';
const campaign = '01a209c1-1e4e-7760-8818-e904154abdc0';
const prefix = `uploads/companies/${company}/campaigns/${campaign}/`;

describe('uploadMediaId', () => {
  it("reads the media id of this campaign's upload keys", () => {
    const mediaId = newTimeOrderedId();
    for (const extension of ['jpg', 'png', 'gif', 'mp4', 'mpeg', 'mov']) {
      expect(uploadMediaId(company, campaign, `${prefix}${mediaId}.${extension}`)).toBe(mediaId);
    }
  });

  it('refuses every other key', () => {
    const mediaId = newTimeOrderedId();
    const otherCampaign = newTimeOrderedId();
    for (const key of [
      // Another campaign's, another company's, an asset's (already confirmed), a post's.
      `uploads/companies/${company}/campaigns/${otherCampaign}/${mediaId}.png`,
      `uploads/companies/${otherCampaign}/campaigns/${campaign}/${mediaId}.png`,
      `companies/${company}/campaigns/${campaign}/${mediaId}.png`,
      `post-media/${company}/${mediaId}.png`,
      // Not a name we mint.
      `${prefix}${mediaId}.exe`,
      `${prefix}${mediaId}.png.exe`,
      `${prefix}${mediaId}.PNG`,
      `${prefix}${mediaId}`,
      `${prefix}3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11.png`,
      `${prefix}../${mediaId}.png`,
      `${prefix}x/${mediaId}.png`,
      `${prefix}${mediaId.toUpperCase()}.png`,
      prefix,
    ]) {
      expect(uploadMediaId(company, campaign, key), key).toBeNull();
    }
  });
});
