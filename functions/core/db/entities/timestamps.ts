/** `createdAt` set once and `updatedAt` refreshed on every write, for entities that show both. */
export const timestampAttributes = {
  createdAt: {
    type: 'string',
    required: true,
    readOnly: true,
    default: () => new Date().toISOString(),
  },
  updatedAt: {
    type: 'string',
    required: true,
    default: () => new Date().toISOString(),
    watch: '*',
    set: () => new Date().toISOString(),
  },
} as const;
