/** The sentence `labels` (a catalog's) give an audit log action, or its recorded name when they give none (an older row). */
export const auditActionLabel = (labels: Readonly<Record<string, string>>, action: string): string =>
  Object.hasOwn(labels, action) ? labels[action]! : action
