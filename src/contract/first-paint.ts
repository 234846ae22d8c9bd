/**
 * What the server writes into the app page for its first render (issue 25 item 6): the site's
 * settings answer, as GET /api/settings.php would send it for this request, in a data block
 * (`<script type="application/json">`, never executed) whose `data-locale` names the language
 * the answer is in. The client renders from it instead of asking for it.
 */
export const INLINED_SETTINGS_ID = 'site-settings';
