/**
 * Where people find the task pane: the ribbon group and button of manifest.xml (Group.Label, TaskpaneButton.Label).
 * Messages name this place; a test checks it against the manifest, so the two never drift apart.
 */
export const RIBBON = { tab: "Home", group: "Marketplace Data", button: "Research" } as const;

/** "the task pane (Home > Marketplace Data > Research)" */
export const TASK_PANE_PLACE = `the task pane (${RIBBON.tab} > ${RIBBON.group} > ${RIBBON.button})`;
