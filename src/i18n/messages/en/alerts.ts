/**
 * The English of alerts on the team relay (issue 30): what the relay answers when an alert is refused, the notes of
 * its runs, and the messages it delivers (chat robots, webhooks, e-mail). Worded in the alert's language, whatever
 * language the server runs in; read on the server only (the task pane shows what the relay answers). Also the
 * header words of a schedule's history and changes the relay serves (`labels=`, src/server/history), and the
 * refusals of schedules, their history and feeds: the team relay's book.
 */
import { message } from "../../message";

export const alerts = {
  // Refusals of PUT/PATCH/DELETE /v1/alerts/{id}
  "error.body": message("body: expected a JSON object '{name, query, when, deliver}'"),
  "error.bodyTooLarge": message("body: larger than {max} bytes", { max: "number" }),
  "error.bodyTooDeep": message("body: nested deeper than {max} levels", { max: "number" }),
  "error.bodyTooCostly": message("body: more than {max} arrays and objects", { max: "number" }),
  "error.bodyUnreadable": message("body: could not be read"),
  "error.bodyNotJson": message("body: not valid JSON"),
  "error.bodyNotObject": message("body: expected a JSON object"),
  "error.id": message("not an alert: ids are 8 to 64 letters, digits, - or _"),
  "error.name": message("name: expected a text of 1 to {max} characters, without control characters", {
    max: "number",
  }),
  "error.query.notText": message('query: expected a MAD formula as text, e.g. =MAD.PRODUCTDETAILS("US","B07Z82895W")'),
  "error.query": message("query: {problem}", { problem: "text" }),
  "query.empty": message("the formula is empty"),
  "query.notACall": message(
    "expected a MAD function's call such as MAD.PRODUCTDETAILS(…) at {position}, found {found}",
    {
      position: "number",
      found: "text",
    },
  ),
  "query.unclosedText": message('the text that starts at {position} has no closing "', { position: "number" }),
  "query.unclosedCall": message("the parenthesis at {position} is not closed", { position: "number" }),
  "query.unclosedArray": message("the array constant at {position} has no closing }", { position: "number" }),
  "query.reference": message(
    "{found} at {position} is a cell reference or a name: an alert's query takes values, since the relay cannot read the workbook; put the cell's value in its place",
    { found: "text", position: "number" },
  ),
  "query.nested": message(
    "{found}(…) at {position} is a call inside the formula: an alert takes one MAD function with values",
    {
      found: "text",
      position: "number",
    },
  ),
  "query.unexpected": message("unexpected {found} at {position}", { found: "text", position: "number" }),
  "query.trailing": message("{found} at {position} follows the call: an alert takes one MAD function alone", {
    found: "text",
    position: "number",
  }),
  "query.notMad": message("{name} is not a MAD function{hint, select, none {} other { (did you mean {hint}?)}}", {
    name: "text",
    hint: "text",
  }),
  "query.history": message(
    "MAD.{fn} shows a history by date; alerts watch current values: use MAD.PRODUCTS for products' prices and ranks",
    { fn: "text" },
  ),
  "query.card": message("MAD.{fn} returns a card; alerts watch rows: use MAD.PRODUCTS (one row per ASIN)", {
    fn: "text",
  }),
  "query.tooManyArguments": message("MAD.{fn} takes at most {max} arguments ({got} given)", {
    fn: "text",
    max: "number",
    got: "number",
  }),
  "query.arguments": message("MAD.{fn}: {problem}", { fn: "text", problem: "text" }),
  "error.when.notText": message("when: expected a condition as text, e.g. price change <= -15%"),
  "error.when.syntax": message(
    "when: at {position}, expected {expected}; {found, select, none {the condition ends there} other {found {found}}}",
    { position: "number", expected: "text", found: "text" },
  ),
  "expected.condition": message("a field, new rows, gone rows or ("),
  "expected.field": message("a field's name"),
  "expected.comparison": message("a comparison (< <= > >= = !=)"),
  "expected.changeOrComparison": message("a comparison (< <= > >= = !=) or change"),
  "expected.number": message("a number"),
  "expected.percent": message("% after the change's number"),
  "expected.rows": message("rows"),
  "expected.andOr": message("and/or"),
  "expected.closeParen": message(")"),
  "expected.end": message("the end of the condition"),
  "error.when.field": message(
    "when: {field} (at {position}) is not a column of MAD.{fn}; its columns of numbers: {fields}",
    {
      field: "text",
      position: "number",
      fn: "text",
      fields: "text",
    },
  ),
  "error.when.notNumber": message("when: {field} (at {position}) does not hold numbers; conditions compare numbers", {
    field: "text",
    position: "number",
  }),
  "error.every": message("every: expected hourly, daily or weekly"),
  "error.digest": message("digest: expected true or false"),
  "error.language": message("language: expected en or zh-CN"),
  "error.muted": message("muted: expected true or false"),
  "error.timeZone": message("timeZone: expected a time zone such as Asia/Shanghai or Europe/Berlin"),
  "error.deliver": message("deliver: expected 1 to {max} destinations", { max: "number" }),
  "error.destination.shape": message(
    "deliver[{index}]: expected an https:// or mailto: address, or an object '{url, format, secret}' or '{keep}'",
    { index: "number" },
  ),
  "error.destination.url": message("deliver[{index}]: not a valid address", { index: "number" }),
  "error.destination.scheme": message(
    "deliver[{index}]: {scheme} addresses are not delivered to: use https:// (a webhook) or mailto: (e-mail)",
    { index: "number", scheme: "text" },
  ),
  "error.destination.credentials": message(
    "deliver[{index}]: an address with a user name or password in it is not accepted",
    { index: "number" },
  ),
  "error.destination.mailto": message("deliver[{index}]: expected one e-mail address after mailto:", {
    index: "number",
  }),
  "error.destination.noSmtp": message(
    "deliver[{index}]: e-mail needs the relay's SMTP server (MAD_SMTP_URL), which is not set: ask the team's admin",
    { index: "number" },
  ),
  "error.destination.format": message("deliver[{index}].format: expected one of {formats}", {
    index: "number",
    formats: "text",
  }),
  "error.destination.secret": message(
    "deliver[{index}].secret: a signing secret (1 to 200 characters) is for DingTalk robots and Feishu bots",
    { index: "number" },
  ),
  "error.destination.refused": message(
    "deliver[{index}]: {host} is {address}, a {range} address: the relay does not send there",
    { index: "number", host: "text", address: "text", range: "text" },
  ),
  "error.destination.unresolved": message("deliver[{index}]: {host} could not be resolved", {
    index: "number",
    host: "text",
  }),
  "error.destination.notPublic": message(
    "deliver[{index}]: {host} resolves to an address that is not public: the relay does not send there",
    { index: "number", host: "text" },
  ),
  "error.destination.mailDomain": message(
    "deliver[{index}]: this relay mails only addresses at {domains} (MAD_ALERTS_MAIL_DOMAINS)",
    { index: "number", domains: "text" },
  ),
  "error.mailRecipients": message(
    "deliver: your alerts would mail {count} different addresses; a member's alerts mail at most {max} a day (MAD_ALERTS_MAIL_RECIPIENTS_PER_DAY)",
    { count: "number", max: "number" },
  ),
  "error.keep": message("deliver[{index}].keep: {id} is not a destination of this alert", {
    index: "number",
    id: "text",
  }),
  "error.tooMany": message("a member keeps at most {max} alerts", { max: "number" }),
  "error.overBudget": message(
    "this alert would cost about {calls, plural, one {# call} other {# calls}} a month; with your other alerts, {total} of your budget of {budget} calls a month",
    { calls: "number", total: "number", budget: "number" },
  ),
  "error.overPlan": message(
    "this alert would cost about {calls, plural, one {# call} other {# calls}} a month, more than the team plan's {budget} calls a month",
    { calls: "number", budget: "number" },
  ),
  "error.notYours": message("this alert was set by another member"),
  "error.notFound": message("no such alert"),
  "error.method": message("{method} is not allowed on {path}", { method: "text", path: "text" }),
  "error.patch": message(`body: expected '{"muted": true}' or '{"muted": false}'`),

  // The relay's own refusals on any route, the operations' calls included, of both relays (the team's and the
  // own-secret one of npm run serve): src/server/relay-refusals.ts
  "relay.route": message("not relayed: {method} {path}", { method: "text", path: "text" }),
  "relay.notFound": message("not found: {path}", { path: "text" }),
  "relay.token": message(
    "this team relay takes a member's token (Authorization: Bearer …); this one is missing, unknown or revoked: ask the team's admin",
  ),
  "relay.admin": message(
    "{route, select, usage {the usage report takes} schedules {the team's schedules take} other {the team's alerts take}} an admin's token (Authorization: Bearer …)",
    { route: "text" },
  ),
  "relay.rate": message(
    "{from, select, member {too many calls} calls {too many calls from this address} readiness {too many readiness checks from this address} other {too many reports from this address}}; retry after {seconds} s",
    { from: "text", seconds: "number" },
  ),
  "relay.queue": message("the team's calls this minute are taken; retry after {seconds} s", { seconds: "number" }),
  "relay.memberBudget": message("your monthly budget of calls on this team's plan is spent: ask the team's admin"),
  "relay.planBudget": message("the team plan's monthly budget of calls is spent: it renews next month"),
  "relay.noKey": message(
    "no key of the team's plan can be used now (the service refused them): the team's admin has been told",
  ),
  "relay.store": message(
    "the team relay's store ({store}) is unavailable or slow: nothing was sent to the service; try again shortly",
    { store: "text" },
  ),
  "relay.database": message("the relay's history database ({database}) is unavailable or failed: try again shortly", {
    database: "text",
  }),
  "relay.month": message("month: expected yyyyMM"),
  "relay.target": message("malformed request target"),
  "relay.internal": message("internal error: the relay could not answer this request; try again"),
  "relay.upstreamTooLarge": message("upstream answer larger than {max} bytes; not relayed", { max: "number" }),
  "relay.upstreamTimeout": message("upstream did not answer within {ms} ms", { ms: "number" }),
  "relay.upstreamUnreachable": message("upstream unreachable ({reason})", { reason: "text" }),
  "relay.upstreamRedirect": message("upstream answered with a redirect ({status}); not followed", {
    status: "number",
  }),
  "relay.upstreamTooDeep": message("the service's answer nests deeper than {max} levels; not relayed", {
    max: "number",
  }),
  "relay.upstreamNotJson": message(
    "the service answered HTTP {status} with {type, select, empty {an empty body} none {no content type} other {{type}}}, not JSON; not relayed",
    { status: "number", type: "text" },
  ),

  // Refusals of /v1/schedules (src/server/team/schedule-routes.ts, schedule-input.ts), a schedule's history and
  // feeds, and a feed's read (src/server/history/routes.ts, read-params.ts), in the requester's language
  "schedule.body": message("body: expected a JSON object '{name, at, timeZone, queries}'"),
  "schedule.id": message("not a schedule: ids are 8 to 64 letters, digits, - or _"),
  "schedule.name": message("name: expected a text of 1 to {max} characters", { max: "number" }),
  "schedule.nameControl": message("name: control characters (tab, new line, escape and the like) are not allowed"),
  "schedule.at": message("at: expected a time of day HH:MM"),
  "schedule.timeZone": message("timeZone: expected an IANA time zone such as Europe/Berlin"),
  "schedule.switch": message("{name}: expected true or false", { name: "text" }),
  "schedule.queries": message("queries: expected 1 to {max} queries", { max: "number" }),
  "schedule.operation": message("queries[{index}].operation: not an operation of the service", { index: "number" }),
  "schedule.params": message("queries[{index}].params: expected an object of parameters", { index: "number" }),
  "schedule.paramsProblem": message("queries[{index}].params: {problem}", { index: "number", problem: "text" }),
  "schedule.limit": message("queries[{index}].{problem}", { index: "number", problem: "text" }),
  "schedule.noHistory": message("history: this relay keeps no history: {reason} (set DATABASE_URL)", {
    reason: "text",
  }),
  "schedule.tooMany": message("a member keeps at most {max} schedules", { max: "number" }),
  "schedule.notYours": message("this schedule was set by another member"),
  "schedule.notFound": message("no such schedule"),
  "schedule.notAdminRoute": message("not an admin route: {method} {path}", { method: "text", path: "text" }),
  "history.off": message("this relay keeps no history: {reason}", { reason: "text" }),
  "history.notARoute": message("not a history route: {path}", { path: "text" }),
  "history.tooManyFeeds": message("feeds: a schedule has at most {max}; revoke one", { max: "number" }),
  "history.noSuchFeed": message("no such feed of this schedule"),
  "history.feedParams": message("{name}: feeds take no parameters", { name: "text" }),
  "history.notAFeed": message("not a feed: /v1/feeds/'{feedId}'/history.csv (or .json, changes.csv, changes.json)"),
  "history.feedRefused": message(
    "this feed's URL is unknown, revoked or its key is wrong: ask the schedule's owner for its current URL",
  ),
  "params.unknown": message("{name}: not a parameter of this route; it takes {taken}", {
    name: "text",
    taken: "text",
  }),
  "params.twice": message("{name}: given more than once", { name: "text" }),
  "params.day": message("{name}: expected a day that exists, written YYYY-MM-DD (2025-03-01)", { name: "text" }),
  "params.order": message("until: {until} is before since ({since}); until is the last day to read, inclusive", {
    until: "text",
    since: "text",
  }),
  "params.latest": message("latest: expected 1 (the newest snapshot only)"),
  "params.labels": message("labels: expected en or zh-CN (header words in that language)"),

  // Notes of a run (GET /v1/alerts shows the last)
  "note.member-budget": message("the member's monthly budget is spent"),
  "note.plan-budget": message("the team plan's monthly budget is spent"),
  "note.queue-timeout": message("the team's calls were all taken for too long"),
  "note.no-key": message("no key of the plan could be used"),
  "note.service": message("the service answered {code}", { code: "text" }),
  "note.notMember": message("{member} is no longer a member of the team", { member: "text" }),
  "note.query": message("the query is no longer valid: {problem}", { problem: "text" }),

  // The message delivered
  "message.subject.fired": message("{name}: {count, plural, one {# change} other {# changes}}", {
    name: "text",
    count: "number",
  }),
  "message.subject.digest": message(
    "{name}: {count, plural, =0 {no rows} one {# row} other {# rows}} meet the condition",
    {
      name: "text",
      count: "number",
    },
  ),
  "message.headline.fired": message("{count, plural, one {# row} other {# rows}} of {query} changed: {when}", {
    count: "number",
    query: "text",
    when: "text",
  }),
  "message.headline.digest": message(
    "{count, plural, =0 {No row} one {# row} other {# rows}} of {query} {count, plural, one {meets} other {meet}}: {when}",
    { count: "number", query: "text", when: "text" },
  ),
  "message.row.new": message("new row"),
  "message.row.gone": message("gone"),
  "message.none": message("none"),
  "message.at": message("Checked {at} ({zone}) · every {every}", { at: "text", zone: "text", every: "text" }),
  "message.more": message("…and {count, plural, one {# more row} other {# more rows}}", { count: "number" }),
  "message.link": message("Open the alert"),
  "message.footer": message("Alert “{name}” of {member} on the team relay", { name: "text", member: "text" }),
  "every.hourly": message("hour"),
  "every.daily": message("day"),
  "every.weekly": message("week"),
  // Header words of a schedule's history and changes (GET /v1/schedules/{id}/history.csv?labels=…, issue 44)
  "history.column.taken_on": message("Taken on"),
  "history.column.taken_at": message("Taken at (UTC)"),
  "history.column.query": message("Query"),
  "history.column.query_index": message("Query number"),
  "history.column.key": message("Key"),
  "history.column.change": message("Change"),
  "history.column.field": message("Field"),
  "history.column.before": message("Before"),
  "history.column.after": message("After"),
  "history.column.change_pct": message("Relative change"),
};
