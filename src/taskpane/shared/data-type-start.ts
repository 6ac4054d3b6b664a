/**
 * What the pane's start learns about this Excel's data types (the host's read of one cell's valuesAsJson, under
 * `delayForCellEdit`: src/taskpane/host/office-data-types.ts), and what follows a refusal. MAD.PRODUCT cells
 * calculated before the refusal was known returned a card, which retail perpetual Office shows as #VALUE! (office-js
 * #3504); they are recalculated, so they spill their labelled rows. That costs no call: their answers are cached.
 */
import type { FormulaRegistry } from "../../engine";
import { dataTypesRefused } from "../../table/data-type-support";
import { splitSheetAddress } from "../../table/sheet-names";
import type { CellTarget, HostAdapter } from "../host/host-adapter";

/** The function whose cells hold a card where Excel takes one. */
const CARD_FUNCTION = "MAD.PRODUCT";

/** Asks the host once; after a refusal it learnt now, the card cells shown so far are calculated again. Never rejects. */
export async function learnDataTypes(
  host: Pick<HostAdapter, "dataTypeSupport" | "recalculate">,
  registry: Pick<FormulaRegistry, "list">,
): Promise<void> {
  try {
    const refusedBefore = dataTypesRefused();
    await host.dataTypeSupport();
    if (refusedBefore || !dataTypesRefused()) return;
    const cards = registry
      .list()
      .filter((entry) => entry.functionName === CARD_FUNCTION && entry.address)
      .flatMap((entry): CellTarget[] => {
        const { sheet, address } = splitSheetAddress(entry.address!);
        return sheet ? [{ sheet, address }] : [];
      });
    if (cards.length) await host.recalculate(cards);
  } catch {
    // Not in Excel yet, or the workbook changed meanwhile: the cells keep what they show until they calculate again.
  }
}
