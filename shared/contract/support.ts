import * as z from 'zod';
import {
  DEFAULT_TICKET_PRIORITY,
  MAX_SUPPORT_ATTACHMENTS,
  SUPPORT_ATTACHMENT_CONTENT_TYPES,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENT_MAX_SIZE_TEXT,
  SUPPORT_MESSAGES,
  SUPPORT_TICKETS_PER_DAY,
  TICKET_CONTEXT_BROWSER_MAX,
  TICKET_CONTEXT_PAGE_MAX,
  TICKET_DESCRIPTION_MAX,
  TICKET_PRIORITIES,
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
} from '../domain/support';
import { bodyErrors, companyIdValue, optionalText, requiredLongText, text } from './fields';
import { pageOf, pageQuery } from './paging';
import { presignedUploadSchema } from './presigned-upload';
import { defineRoute, PATH_ID_PATTERN } from './route';

/* ----- What the API answers ----- */

/** A file on a ticket or a response. */
export const supportAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.enum(SUPPORT_ATTACHMENT_CONTENT_TYPES),
  size: z.number().int(),
  /** A short-lived presigned GET of the file (expires within the hour: read the ticket again). */
  url: z.string(),
  /** What a page may show as a thumbnail (an image's own signed URL); null for a PDF. */
  thumbnailUrl: z.string().nullable(),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

/** Who opened a ticket, as staff see them beside it; null once the account is deleted. */
export const ticketOwnerSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The best plan among the owner's companies (`growth`, `intro (trial)`), null without any. */
  plan: z.string().nullable(),
  companies: z.array(z.object({ _id: z.string(), name: z.string(), plan: z.string() })),
});
export type TicketOwner = z.infer<typeof ticketOwnerSchema>;

export const supportTicketSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The last visible response, or the creation (internal notes do not move it). */
  lastActivityAt: z.string(),
  /** Visible responses (internal notes are never counted). */
  responseCount: z.number().int().nonnegative(),
  /** The latest visible response is staff's: the owner has an answer to read. */
  staffReplied: z.boolean(),
  /** The company the ticket is about, when the owner chose one (null once it is deleted). */
  companyId: z.string().nullable(),
  company: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** What the app reported when the ticket was opened; `plan` is the server's reading. */
  context: z.object({
    plan: z.string().nullable(),
    browser: z.string(),
    page: z.string(),
  }),
  attachments: z.array(supportAttachmentSchema),
  /** The first-response target (`firstResponseDueAt` in shared/domain/support.ts). */
  firstResponseDueAt: z.string(),
  /** The first staff reply (not a note), null until then. */
  firstRespondedAt: z.string().nullable(),
  assignee: z.object({ _id: z.string(), firstName: z.string() }).nullable(),
  /** Only in staff answers. */
  owner: ticketOwnerSchema.nullable().optional(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const ticketResponseSchema = z.object({
  _id: z.string(),
  content: z.string(),
  isStaffResponse: z.boolean(),
  /** A staff note the owner never sees (always false in an owner's answers). */
  internal: z.boolean(),
  createdAt: z.string(),
  /** The author; `firstName` is "Deleted user" once their account is gone. */
  userId: z.object({ _id: z.string(), firstName: z.string() }),
  attachments: z.array(supportAttachmentSchema),
});
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/* ----- Field builders and bodies ----- */

export const ticketSubject = () =>
  text('Subject', SUPPORT_MESSAGES.subjectRequired, TICKET_SUBJECT_MAX);
export const ticketDescription = () =>
  requiredLongText('Description', SUPPORT_MESSAGES.descriptionRequired, TICKET_DESCRIPTION_MAX);
export const ticketReply = () =>
  requiredLongText('Reply', SUPPORT_MESSAGES.replyRequired, TICKET_RESPONSE_MAX);
export const ticketPriority = () =>
  z.enum(TICKET_PRIORITIES, { error: 'Priority must be low, medium, high or urgent' });
export const ticketStatus = () =>
  z.enum(TICKET_STATUSES, { error: 'Status must be open, in_progress, resolved or closed' });

const ticketIdValue = () =>
  z.string({ error: 'Ticket ID is required' }).regex(PATH_ID_PATTERN, 'Ticket not found');

/** Ids answered by `POST /support/attachments`, each used once, at most three a message. */
const attachmentIds = () =>
  z
    .array(
      z.string({ error: 'Attachment IDs must be text' }).regex(PATH_ID_PATTERN, 'Unknown file'),
      {
        error: 'Attachment IDs must be a list',
      },
    )
    .max(MAX_SUPPORT_ATTACHMENTS, SUPPORT_MESSAGES.tooManyFiles)
    .refine((ids) => new Set(ids).size === ids.length, 'Each file can be attached once')
    .default([]);

export const createTicketBody = z.strictObject(
  {
    subject: ticketSubject(),
    description: ticketDescription(),
    priority: ticketPriority().default(DEFAULT_TICKET_PRIORITY),
    /** The company the ticket is about (one of the caller's), or none. */
    companyId: companyIdValue().nullable().default(null),
    /** What the app adds: the browser's user agent and the page the owner came from. */
    context: z
      .strictObject(
        {
          browser: optionalText('Browser', TICKET_CONTEXT_BROWSER_MAX).default(''),
          page: optionalText('Page', TICKET_CONTEXT_PAGE_MAX).default(''),
        },
        bodyErrors(),
      )
      .default({ browser: '', page: '' }),
    attachmentIds: attachmentIds(),
  },
  bodyErrors(),
);
export type CreateTicketBody = z.input<typeof createTicketBody>;

export const createResponseBody = z.strictObject(
  {
    content: ticketReply(),
    ticketId: ticketIdValue(),
    /** Staff only: a note the owner never sees (anyone else sending it gets 403). */
    internal: z.boolean({ error: 'internal must be true or false' }).optional(),
    attachmentIds: attachmentIds(),
  },
  bodyErrors(),
);
export type CreateResponseBody = z.input<typeof createResponseBody>;

export const updateTicketBody = z.strictObject(
  {
    status: ticketStatus().optional(),
    priority: ticketPriority().optional(),
    /** A staff account's id, or null to unassign. */
    assigneeId: z
      .string({ error: 'Assignee must be a user id' })
      .regex(PATH_ID_PATTERN, 'Assignee must be a user id')
      .nullable()
      .optional(),
  },
  bodyErrors('These fields cannot be changed'),
);
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

/**
 * Staff filters of the list (an owner may filter their own by status and priority; `assignee` is
 * staff's). `assignee` is `me` or a user id.
 */
export const ticketListQuery = pageQuery.extend({
  status: ticketStatus().optional(),
  priority: ticketPriority().optional(),
  assignee: z
    .string({ error: 'Assignee must be me or a user id' })
    .refine(
      (value) => value === 'me' || PATH_ID_PATTERN.test(value),
      'Assignee must be me or a user id',
    )
    .optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

export const attachmentUploadBody = z.strictObject(
  {
    fileName: text('File name', 'File name is required', 255),
    contentType: z.enum(SUPPORT_ATTACHMENT_CONTENT_TYPES, {
      error: SUPPORT_MESSAGES.typeNotAllowed,
    }),
    size: z
      .number({ error: 'Size must be a number of bytes' })
      .int('Size must be a number of bytes')
      .positive(SUPPORT_MESSAGES.empty)
      .max(SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_MESSAGES.tooLarge),
  },
  bodyErrors(),
);
export type AttachmentUploadBody = z.input<typeof attachmentUploadBody>;

/** The upload form, and the id to name the file by in `attachmentIds` once it is uploaded. */
export const attachmentUploadSchema = presignedUploadSchema.extend({ attachmentId: z.string() });
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>;

const ATTACHMENT_ERRORS = ['MEDIA_UPLOAD_MISSING', 'MEDIA_INVALID'] as const;

export const supportRoutes = {
  listTickets: defineRoute({
    method: 'GET',
    path: '/support/tickets',
    group: 'support',
    access: 'user',
    summary:
      "One page of tickets: an owner's own, newest activity first; for staff every owner's (filters `status`, `priority`, `assignee`), newest activity first, or oldest first when filtered to a waiting status (open, in_progress)",
    query: ticketListQuery,
    response: pageOf(supportTicketSchema),
    errors: ['FORBIDDEN'],
  }),
  createTicket: defineRoute({
    method: 'POST',
    path: '/support/tickets',
    group: 'support',
    access: 'user',
    summary: `Opens a ticket (at most ${SUPPORT_TICKETS_PER_DAY} a day) and tells the support address`,
    body: createTicketBody,
    response: supportTicketSchema,
    successStatus: 201,
    errors: ['COMPANY_NOT_FOUND', 'SUPPORT_TICKET_LIMIT_REACHED', ...ATTACHMENT_ERRORS],
  }),
  getTicket: defineRoute({
    method: 'GET',
    path: '/support/tickets/{id}',
    owners: { id: 'ticket' },
    group: 'support',
    access: 'user',
    summary: 'One ticket (staff also see its owner)',
    response: supportTicketSchema,
    errors: ['SUPPORT_TICKET_NOT_FOUND'],
  }),
  listResponses: defineRoute({
    method: 'GET',
    path: '/support/tickets/{id}/responses',
    owners: { id: 'ticket' },
    group: 'support',
    access: 'user',
    summary: "One page of a ticket's responses, oldest first (internal notes for staff only)",
    query: pageQuery,
    response: pageOf(ticketResponseSchema),
    errors: ['SUPPORT_TICKET_NOT_FOUND'],
  }),
  createResponse: defineRoute({
    method: 'POST',
    path: '/support/responses',
    group: 'support',
    access: 'user',
    summary:
      "Replies to a ticket: staff's reply emails the owner; `internal` (staff only) is a note the owner never sees",
    body: createResponseBody,
    response: ticketResponseSchema,
    successStatus: 201,
    errors: [
      'SUPPORT_TICKET_NOT_FOUND',
      'SUPPORT_TICKET_CLOSED',
      'FORBIDDEN',
      ...ATTACHMENT_ERRORS,
    ],
  }),
  closeTicket: defineRoute({
    method: 'PUT',
    path: '/support/tickets/{id}/close',
    owners: { id: 'ticket' },
    group: 'support',
    access: 'user',
    summary: 'Closes a ticket for good (closing a closed one changes nothing)',
    response: supportTicketSchema,
    errors: ['SUPPORT_TICKET_NOT_FOUND'],
  }),
  updateTicket: defineRoute({
    method: 'PATCH',
    path: '/support/tickets/{id}',
    owners: { id: 'ticket' },
    group: 'support',
    // Signed-in, not `staff`: the ticket is looked up first, so a stranger's id answers 404 like
    // every ticket route, and only then is anyone but staff refused (403, nothing changed).
    access: 'user',
    summary:
      "Staff only: set a ticket's status, priority or assignee (a closed ticket stays closed; resolved closes itself after days without a reply). Anyone else gets 403 on their own ticket",
    body: updateTicketBody,
    response: supportTicketSchema,
    errors: ['SUPPORT_TICKET_NOT_FOUND', 'SUPPORT_TICKET_CLOSED', 'USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  createAttachmentUpload: defineRoute({
    method: 'POST',
    path: '/support/attachments',
    group: 'support',
    access: 'user',
    summary: `A presigned POST for one file of a ticket or reply (images and PDF, ${SUPPORT_ATTACHMENT_MAX_SIZE_TEXT}); then name its \`attachmentId\` in \`attachmentIds\``,
    body: attachmentUploadBody,
    response: attachmentUploadSchema,
    successStatus: 201,
    errors: [],
  }),
} as const;
