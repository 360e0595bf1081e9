/**
 * Every REST resource, imported once so relation targets resolve by name whatever module is loaded first.
 * A new area adds its `<area>.resources.ts` here.
 */
import './modules/media/media.resources.ts';
import './modules/users/users.resources.ts';
import './modules/reference/reference.resources.ts';
import './modules/content/content.resources.ts';
import './modules/directory/directory.resources.ts';
import './modules/engagement/engagement.resources.ts';
