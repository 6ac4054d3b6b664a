/**
 * The words of the Build form's searchable pickers: the category picker (shared/CategoryPicker.tsx, node paths) and
 * the department picker (shared/DepartmentPicker.tsx, the department lookup's codes for `departments`, issue 45).
 * Spread into ./pane.ts.
 */
import { message } from "../../message";

export const panePickers = {
  // The category picker
  "field.addCategory": message("Add a category to {name}", { name: "text" }),
  "category.chooseMarket": message("Choose a marketplace to search categories."),
  "category.searching": message("Searching categories…"),
  "category.none": message('No categories match "{words}".', { words: "text" }),
  "category.found": message('{count, plural, one {# category matches} other {# categories match}} "{words}".', {
    count: "number",
    words: "text",
  }),
  "category.failed": message("Category search failed: {reason}", { reason: "text" }),
  "category.placeholder": message("Words of a category (yoga) or a node path"),
  "category.option": message("{label} ({products, plural, one {# product} other {# products}})", {
    label: "text",
    products: "number",
  }),

  // The department picker
  "field.addDepartment": message("Add a department to {name}", { name: "text" }),
  "department.chooseMarket": message("Choose a marketplace to list its departments."),
  "department.loading": message("Loading the marketplace's departments…"),
  "department.none": message('No department matches "{words}".', { words: "text" }),
  "department.found": message('{count, plural, one {# department matches} other {# departments match}} "{words}".', {
    count: "number",
    words: "text",
  }),
  "department.all": message("{count, plural, one {# department} other {# departments}}; type to narrow them.", {
    count: "number",
  }),
  "department.failed": message("The departments could not be listed: {reason}", { reason: "text" }),
  "department.placeholder": message("Words of a department (toys) or its code"),
  "department.option": message("{label} ({code})", { label: "text", code: "text" }),
};
