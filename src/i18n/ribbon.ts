/**
 * Where people find the task pane: the ribbon group and button of manifest.xml (Group.Label, TaskpaneButton.Label,
 * with their zh-CN overrides), in the active language. Messages name this place; a test checks both languages
 * against the manifest, so they never drift apart.
 */
import { t } from "./cells";

/** The ribbon's words in the active language: Excel's tab, the manifest's group and button. */
export const ribbon = () => ({ tab: t("place.tab"), group: t("place.group"), button: t("place.button") });

/** "the task pane (Home > Marketplace Data > Research)", "任务窗格（开始 > 市场数据 > 调研）" */
export const taskPanePlace = (): string => t("place.taskPane", ribbon());
