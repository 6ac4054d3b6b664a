/** Where each function's help lives: the function reference (docs/functions.md), served as help.html with the add-in. */
export const HELP_BASE_URL = "https://localhost:3000/help.html";
