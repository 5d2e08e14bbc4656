/**
 * PHP sources the provisioner writes into a site directory. None of them has any input interpolated:
 * the task script reads its inputs as JSON from its standard input, and wp-config.php only
 * gets values that pass `phpString` (escaped single-quoted literals of already validated data).
 */

/** A PHP single-quoted string literal holding `value` verbatim. */
export function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * `{siteDir}/abspath.php`: defines ABSPATH as the site's public dir before WordPress's (symlinked) core
 * runs. Core resolves `__DIR__` to /usr/share/wordpress through the symlinks, so without this it would
 * load Debian's own wp-config.php. The router requires it; behind php-fpm use it as auto_prepend_file.
 */
export const ABSPATH_PHP = `<?php
// Blogfleet: this site's WordPress root (core files are symlinks into the shared core).
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/public/');
}
`;

/**
 * `{siteDir}/router.php` for \`php -S\`: static files as-is, PHP files run, everything else to index.php.
 * Dot-files/dirs, `..`, `*.tmp` and `site-info.json` get a 404 before any of that.
 */
export const ROUTER_PHP = `<?php
// Blogfleet router for PHP's built-in server (php -S addr:port -t public router.php).
require __DIR__ . '/abspath.php';
$root = rtrim(ABSPATH, '/');
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH) ?: '/');
// Never served: NULs, anything with a segment starting with "." (".." out of public/, dot-files and
// dot-dirs such as .htaccess or .git/), temp files (*.tmp, e.g. a half-written config) and the info file.
if (strpos($path, "\\0") !== false
    || preg_match('#(^|/)\\.#', $path)
    || preg_match('#\\.tmp$#i', $path)
    || strcasecmp(basename($path), 'site-info.json') === 0) {
    http_response_code(404);
    header('Content-Type: text/plain; charset=utf-8');
    echo "Not Found\\n";
    return true;
}
$file = $root . $path;
if (is_dir($file)) {
    if (substr($path, -1) !== '/') {
        $query = parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY);
        header('Location: ' . $path . '/' . ($query ? '?' . $query : ''), true, 301);
        return true;
    }
    $file = rtrim($file, '/') . '/index.php';
    $path = rtrim($path, '/') . '/index.php';
}
if (is_file($file) && substr($file, -4) !== '.php') {
    return false; // static asset, served by the built-in server
}
if (!is_file($file)) {
    $file = $root . '/index.php'; // pretty permalinks and /wp-json/
    $path = '/index.php';
}
$_SERVER['SCRIPT_FILENAME'] = $file;
$_SERVER['SCRIPT_NAME'] = $path;
$_SERVER['PHP_SELF'] = $path;
chdir(dirname($file));
require $file;
return true;
`;

/**
 * `{siteDir}/wp-task.php install|configure < input.json`: installs WordPress with its own installer
 * functions and configures the site. Idempotent; prints one result line prefixed with TASK_MARKER.
 * The input (admin password included) comes on stdin: no file for the site's PHP to find.
 */
export const TASK_MARKER = '@@BLOGFLEET_RESULT@@';

export const TASK_PHP = `<?php
// Blogfleet provisioning task. Inputs come only from the JSON on stdin.
error_reporting(E_ALL & ~E_DEPRECATED & ~E_NOTICE & ~E_WARNING);
$task = $argv[1] ?? '';
$in = json_decode(file_get_contents('php://stdin'), true, 512, JSON_THROW_ON_ERROR);
function bf_done(array $result): void {
    echo "\\n" . '${TASK_MARKER}' . json_encode($result) . "\\n";
    exit(0);
}
function bf_fail(string $message): void {
    fwrite(STDERR, $message . "\\n");
    exit(2);
}
$url = parse_url($in['siteUrl']);
$_SERVER['HTTP_HOST'] = $url['host'] . (isset($url['port']) ? ':' . $url['port'] : '');
$_SERVER['SERVER_NAME'] = $url['host'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
if (($url['scheme'] ?? 'http') === 'https') {
    $_SERVER['HTTPS'] = 'on';
}
define('ABSPATH', $in['abspath']);

if ($task === 'install') {
    define('WP_INSTALLING', true);
    // No mail on a fresh install (the machine may have no MTA); upgrade.php only defines it if missing.
    function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password) {}
    require_once ABSPATH . 'wp-load.php';
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    if (!is_blog_installed()) {
        // English defaults first (their slugs are known); the language is set by "configure".
        $result = wp_install($in['title'], $in['adminUser'], $in['adminEmail'], true, '', wp_slash($in['adminPassword']), '');
        if (empty($result['user_id'])) {
            bf_fail('wp_install did not create the admin user');
        }
    }
    bf_done(['installed' => is_blog_installed()]);
}

if ($task === 'configure') {
    require_once ABSPATH . 'wp-load.php';
    require_once ABSPATH . 'wp-admin/includes/upgrade.php';
    if (!is_blog_installed()) {
        bf_fail('WordPress is not installed');
    }
    $user = get_user_by('login', $in['adminUser']);
    if (!$user) {
        bf_fail('Admin user ' . $in['adminUser'] . ' is missing');
    }
    if (!wp_check_password($in['adminPassword'], $user->user_pass, $user->ID)) {
        wp_set_password($in['adminPassword'], $user->ID);
    }
    wp_set_current_user($user->ID);

    update_option('blogname', $in['title']);
    update_option('blogdescription', $in['slogan']);
    update_option('admin_email', $in['adminEmail']);
    update_option('timezone_string', $in['timezone']);
    update_option('gmt_offset', '');
    update_option('WPLANG', $in['locale']);
    $languageInstalled = $in['locale'] === '' || in_array($in['locale'], get_available_languages(), true);

    global $wp_rewrite;
    $wp_rewrite->set_permalink_structure('/%postname%/');
    flush_rewrite_rules(false);

    // WordPress's sample content goes; ours is marked so a rerun updates instead of duplicating.
    foreach ([['hello-world', 'post'], ['sample-page', 'page']] as [$slug, $type]) {
        $sample = get_page_by_path($slug, OBJECT, $type);
        if ($sample && !get_post_meta($sample->ID, '_blogfleet_role', true)) {
            wp_delete_post($sample->ID, true);
        }
    }
    $upsert = function (string $role, string $type, string $title, string $content) use ($user): int {
        $existing = get_posts(['post_type' => $type, 'post_status' => 'any', 'meta_key' => '_blogfleet_role',
            'meta_value' => $role, 'numberposts' => 1, 'fields' => 'ids']);
        $data = ['post_type' => $type, 'post_status' => 'publish', 'post_title' => $title,
            'post_content' => $content, 'post_author' => $user->ID];
        if ($existing) {
            $data['ID'] = $existing[0];
        }
        $id = $existing ? wp_update_post(wp_slash($data), true) : wp_insert_post(wp_slash($data), true);
        if (is_wp_error($id)) {
            bf_fail($role . ': ' . $id->get_error_message());
        }
        update_post_meta($id, '_blogfleet_role', $role);
        return $id;
    };
    $postId = $upsert('first_post', 'post', $in['postTitle'], $in['postContent']);
    $pageId = $upsert('first_page', 'page', $in['pageTitle'], $in['pageContent']);

    // A fresh application password every time this step runs (the plaintext is only shown once).
    foreach (WP_Application_Passwords::get_user_application_passwords($user->ID) as $item) {
        if ($item['name'] === $in['appName']) {
            WP_Application_Passwords::delete_application_password($user->ID, $item['uuid']);
        }
    }
    $created = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => $in['appName']]);
    if (is_wp_error($created)) {
        bf_fail('application password: ' . $created->get_error_message());
    }
    bf_done(['appPassword' => $created[0], 'postId' => $postId, 'pageId' => $pageId,
        'languageInstalled' => $languageInstalled]);
}

if ($task === 'switch_theme') {
    require_once ABSPATH . 'wp-load.php';
    $theme = wp_get_theme($in['stylesheet']);
    if (!$theme->exists() || $theme->errors()) {
        bf_fail('The theme ' . $in['stylesheet'] . ' is not installed on this site');
    }
    switch_theme($theme->get_stylesheet());
    bf_done(['stylesheet' => get_stylesheet(), 'name' => $theme->get('Name')]);
}

bf_fail('unknown task ' . $task);
`;

/**
 * Per-site wp-config.php: own database, salts, wp-content and URLs; ABSPATH stays the public dir.
 * `localEnvironment` (loopback hosting only, see isLoopbackHosting) sets WP_ENVIRONMENT_TYPE 'local',
 * the one way WordPress allows application passwords without HTTPS.
 */
export function wpConfigPhp(config: {
  dbName: string;
  dbUser: string;
  dbPassword: string;
  dbHost: string;
  siteUrl: string;
  salts: Record<string, string>;
  localEnvironment: boolean;
}): string {
  const define = (name: string, value: string) => `define(${phpString(name)}, ${phpString(value)});`;
  const environment = config.localEnvironment
    ? `// Served over plain HTTP on loopback only: application passwords need HTTPS or a local environment.
define('WP_ENVIRONMENT_TYPE', 'local');
`
    : '';
  return `<?php
// Generated by Blogfleet's provisioner for this site only (not Debian's /etc/wordpress scheme).
${define('DB_NAME', config.dbName)}
${define('DB_USER', config.dbUser)}
${define('DB_PASSWORD', config.dbPassword)}
${define('DB_HOST', config.dbHost)}
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
$table_prefix = 'wp_';

${Object.entries(config.salts)
  .map(([name, value]) => define(name, value))
  .join('\n')}

${define('WP_HOME', config.siteUrl)}
${define('WP_SITEURL', config.siteUrl)}
${environment}define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
${define('WP_CONTENT_URL', `${config.siteUrl}/wp-content`)}
define('FS_METHOD', 'direct');
define('DISALLOW_FILE_EDIT', true);
// No plugin or theme installs, updates or edits from wp-admin: the site's code is what we put there.
define('DISALLOW_FILE_MODS', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_DEBUG', false);
if (isset($_SERVER['HTTP_X_FORWARDED_PROTO']) && $_SERVER['HTTP_X_FORWARDED_PROTO'] === 'https') {
    $_SERVER['HTTPS'] = 'on';
}
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
`;
}
