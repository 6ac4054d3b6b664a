/**
 * office-addin-mock imports one enum from office-addin-manifest, whose own dependencies are ES modules jest does
 * not load: jest.config.js maps the package here (moduleNameMapper), once for every test.
 */
export const OfficeApp = {
  Excel: "excel",
  OneNote: "onenote",
  Outlook: "outlook",
  PowerPoint: "powerpoint",
  Project: "project",
  Word: "word",
} as const;
