import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AttachmentUpload } from '#shared/contract/support';
import { MEDIA_BUCKET } from '#infra/sandbox/function-environment';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGES } from '#shared/domain/support';
import { call, registerUser, uploadTo } from './http';
import {
  listTickets,
  newTicket,
  openTicket,
  reply,
  responsesOf,
  type Person,
} from './tickets-support';

/**
 * Files on tickets and replies: uploaded straight to storage through a presigned POST, then
 * checked by their bytes when a message names them, as campaign media are; at most three a message.
 */

const s3 = new S3Client({
  endpoint: inject('s3Endpoint'),
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => s3.destroy());

const exists = async (key: string): Promise<boolean> =>
  s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotFound') return false;
      throw error;
    },
  );

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A Windows program, named and declared as a PNG. */
const PROGRAM = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90)]);

/** Presigns and uploads a file as the browser does; answers the upload. */
const upload = async (
  person: Person,
  bytes: Buffer,
  fileName: string,
  contentType: string,
): Promise<AttachmentUpload> => {
  const presigned = await call<AttachmentUpload>('POST', '/support/attachments', {
    token: person.token,
    body: { fileName, contentType, size: bytes.length },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const posted = await uploadTo(presigned.body, bytes, {}, fileName);
  expect(posted.status).toBe(204);
  return presigned.body;
};

describe('attachments', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await registerUser();
  });

  it('attaches a screenshot to a new ticket, kept under the ticket and linked through a signed URL', async () => {
    const screenshot = await upload(owner, PNG, 'error screen.png', 'image/png');
    const ticket = await newTicket(owner, { attachmentIds: [screenshot.attachmentId] });
    expect(ticket.attachments).toEqual([
      {
        _id: screenshot.attachmentId,
        name: 'error screen.png',
        contentType: 'image/png',
        size: PNG.length,
        url: expect.stringContaining('X-Amz-Signature='),
        thumbnailUrl: ticket.attachments[0]!.url,
      },
    ]);
    const fetched = await fetch(ticket.attachments[0]!.url);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG);
    expect(await exists(`support/tickets/${ticket._id}/${screenshot.attachmentId}.png`)).toBe(true);
    // Used: the upload is gone, so it cannot be attached twice.
    expect(await exists(screenshot.key)).toBe(false);
    const again = await openTicket(owner, { attachmentIds: [screenshot.attachmentId] });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'MEDIA_UPLOAD_MISSING' });
  });

  it('attaches a PDF to a reply, shown as a link (no thumbnail)', async () => {
    const ticket = await newTicket(owner);
    const invoice = await upload(owner, PDF, 'invoice.pdf', 'application/pdf');
    const answer = await reply(owner, ticket._id, {
      content: 'The invoice',
      attachmentIds: [invoice.attachmentId],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.attachments).toMatchObject([
      { name: 'invoice.pdf', contentType: 'application/pdf', thumbnailUrl: null },
    ]);
    const listed = await responsesOf(owner, ticket._id);
    expect(listed.body.data[0]!.attachments[0]!._id).toBe(invoice.attachmentId);
  });

  it('refuses a file whose bytes are not what its name says, deleting it and writing nothing', async () => {
    const before = (await listTickets(owner, '?limit=100')).body.data.length;
    const disguised = await upload(owner, PROGRAM, 'screenshot.png', 'image/png');
    const refused = await openTicket(owner, { attachmentIds: [disguised.attachmentId] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'MEDIA_INVALID',
      message: SUPPORT_MESSAGES.notWhatItSays,
    });
    expect(await exists(disguised.key)).toBe(false);
    expect((await listTickets(owner, '?limit=100')).body.data).toHaveLength(before);
  });

  it('takes at most three files a message', async () => {
    const ticket = await newTicket(owner);
    const files = await Promise.all(
      [1, 2, 3, 4].map((index) => upload(owner, PNG, `shot-${index}.png`, 'image/png')),
    );
    const four = await reply(owner, ticket._id, {
      attachmentIds: files.map((file) => file.attachmentId),
    });
    expect(four.status).toBe(400);
    expect(four.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { attachmentIds: SUPPORT_MESSAGES.tooManyFiles },
    });
    expect((await responsesOf(owner, ticket._id)).body.data).toEqual([]);
    const three = await reply(owner, ticket._id, {
      attachmentIds: files.slice(0, 3).map((file) => file.attachmentId),
    });
    expect(three.status).toBe(201);
    expect(three.body.attachments).toHaveLength(3);
  });

  it('never attaches another account’s upload', async () => {
    const stranger = await registerUser();
    const theirs = await upload(stranger, PNG, 'private.png', 'image/png');
    const refused = await openTicket(owner, { attachmentIds: [theirs.attachmentId] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'MEDIA_UPLOAD_MISSING' });
    expect(await exists(theirs.key)).toBe(true);
  });

  it('presigns only images and PDFs of at most 10 MB, and storage holds the upload to them', async () => {
    const video = await call('POST', '/support/attachments', {
      token: owner.token,
      body: { fileName: 'clip.mp4', contentType: 'video/mp4', size: 1000 },
    });
    expect(video.status).toBe(400);
    const huge = await call('POST', '/support/attachments', {
      token: owner.token,
      body: {
        fileName: 'scan.pdf',
        contentType: 'application/pdf',
        size: SUPPORT_ATTACHMENT_MAX_BYTES + 1,
      },
    });
    expect(huge.status).toBe(400);

    const presigned = await call<AttachmentUpload>('POST', '/support/attachments', {
      token: owner.token,
      body: { fileName: 'shot.png', contentType: 'image/png', size: PNG.length },
    });
    const otherType = await uploadTo(presigned.body, PNG, { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    expect(await exists(presigned.body.key)).toBe(false);
  });
});
