/**
 * Blogfleet's first-party analytics as a WordPress must-use plugin (`wp-content/mu-plugins/`). The source
 * is a constant (the server is bundled, nothing is read from disk at run time): the provisioner writes it
 * into every site it hosts, and operators of sites hosted elsewhere download it.
 *
 * What it does (the contract the pull code and the local test server follow):
 * - every front-end page gets an inline script (≤ 1 kB) that sends a view beacon at load and a leave
 *   beacon (time on page) at `pagehide` to `POST blogfleet/v1/hit`; no cookies, no storage;
 * - the hit route drops bots (204) and malformed bodies (400), and stores the event in
 *   `{prefix}blogfleet_events` with a visitor hash made from a salt that changes every UTC day, the
 *   address and the user agent: the address itself is never stored, and yesterday's salt is gone;
 * - `GET blogfleet/v1/events?after=&limit=` and `GET blogfleet/v1/status` (manage_options) read them.
 */

export const ANALYTICS_PLUGIN_FILENAME = 'blogfleet-analytics.php';

/** The version `GET blogfleet/v1/status` reports. */
export const ANALYTICS_PLUGIN_VERSION = '1';

/** User agents whose hits are dropped (204, nothing stored). Real headless Chromium says HeadlessChrome. */
export const ANALYTICS_BOT_USER_AGENT =
  /bot|crawl|spider|slurp|headless|lighthouse|curl|wget|python|java\/|go-http|httpclient|monitor|preview|facebookexternalhit|bingpreview/i;

/** The longest time on a page a leave records (30 minutes); longer ones are clamped to it. */
export const ANALYTICS_MAX_DURATION_MS = 1_800_000;

/** The inline script, minified by hand; `__URL__` becomes the JSON-encoded hit URL. */
const SCRIPT =
  '(function(){var u=__URL__,n=navigator,l=location,d=document,s=Date.now(),' +
  'i=Math.random().toString(36).slice(2)+s.toString(36),k=0;' +
  'function b(o){var j=JSON.stringify(o);try{if(n.sendBeacon&&n.sendBeacon(u,j))return}catch(e){}' +
  'try{fetch(u,{method:"POST",body:j,keepalive:!0,credentials:"omit"}).catch(function(){})}catch(e){}}' +
  'b({t:"v",id:i,p:l.pathname,r:d.referrer,n:d.title});' +
  'addEventListener("pagehide",function(){k++||b({t:"l",id:i,p:l.pathname,d:Date.now()-s})})})();';

export const ANALYTICS_PLUGIN_PHP = String.raw`<?php
/**
 * Plugin Name: Blogfleet Analytics
 * Description: Cookie-free page views for Blogfleet. Stores no addresses: visitors are a hash with a salt that changes every day.
 * Version: ${ANALYTICS_PLUGIN_VERSION}
 * Author: Blogfleet
 */

defined('ABSPATH') || exit;

const BLOGFLEET_ANALYTICS_VERSION = '${ANALYTICS_PLUGIN_VERSION}';
const BLOGFLEET_ANALYTICS_KEEP_DAYS = 30;
const BLOGFLEET_ANALYTICS_BOTS = '/${ANALYTICS_BOT_USER_AGENT.source}/i';

function blogfleet_analytics_table() {
    global $wpdb;
    return $wpdb->prefix . 'blogfleet_events';
}

/** Creates the events table once per schema version (the option remembers it). */
function blogfleet_analytics_install() {
    if (get_option('blogfleet_analytics_db') === BLOGFLEET_ANALYTICS_VERSION) {
        return;
    }
    global $wpdb;
    $table = blogfleet_analytics_table();
    $created = $wpdb->query("CREATE TABLE IF NOT EXISTS {$table} (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
        created_at DATETIME NOT NULL,
        type CHAR(1) NOT NULL,
        view_id VARCHAR(32) NOT NULL DEFAULT '',
        visitor CHAR(16) NOT NULL DEFAULT '',
        path VARCHAR(512) NOT NULL DEFAULT '',
        title VARCHAR(255) NOT NULL DEFAULT '',
        referrer_host VARCHAR(255) NOT NULL DEFAULT '',
        duration_ms INT UNSIGNED NOT NULL DEFAULT 0,
        PRIMARY KEY  (id),
        KEY created_at (created_at),
        KEY visitor (visitor, created_at)
    ) " . $wpdb->get_charset_collate());
    if ($created !== false) {
        update_option('blogfleet_analytics_db', BLOGFLEET_ANALYTICS_VERSION, true);
    }
}

/**
 * Today's salt (UTC), one option per day written with INSERT IGNORE, so the first hits of a day agree
 * on it; the previous days' salts are deleted, so yesterday's visitors cannot be linked to today's.
 */
function blogfleet_analytics_salt() {
    global $wpdb;
    $name = 'blogfleet_analytics_salt_' . gmdate('Y-m-d');
    $read = $wpdb->prepare("SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name);
    $salt = $wpdb->get_var($read);
    if (is_string($salt) && $salt !== '') {
        return $salt;
    }
    $wpdb->query($wpdb->prepare(
        "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')",
        $name,
        bin2hex(random_bytes(32))
    ));
    $wpdb->query($wpdb->prepare(
        "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'blogfleet\_analytics\_salt%%' AND option_name <> %s",
        $name
    ));
    return (string) $wpdb->get_var($read);
}

/**
 * The visitor's address, for the hash only. Behind a proxy on this machine or the local network (the
 * host's web server, a Cloudflare tunnel) the address is the proxy's, so the one it forwards is taken;
 * from anywhere else a forwarded header is anyone's to write and is ignored.
 */
function blogfleet_analytics_address() {
    $remote = isset($_SERVER['REMOTE_ADDR']) ? (string) $_SERVER['REMOTE_ADDR'] : '';
    $public = filter_var($remote, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE);
    if ($public !== false) {
        return $remote;
    }
    foreach (array('HTTP_CF_CONNECTING_IP', 'HTTP_X_REAL_IP', 'HTTP_X_FORWARDED_FOR') as $header) {
        if (!empty($_SERVER[$header])) {
            $chain = array_map('trim', explode(',', (string) $_SERVER[$header]));
            $client = end($chain);
            if (filter_var($client, FILTER_VALIDATE_IP) !== false) {
                return $client;
            }
        }
    }
    return $remote;
}

/** Text a visitor sent, without control characters (NUL among them) and cut to a length. */
function blogfleet_analytics_text($value, $length) {
    return mb_substr(preg_replace('/[\x00-\x1F\x7F]/u', '', (string) $value) ?? '', 0, $length);
}

/** At most this many hits a minute from one visitor: a script cannot fill the table. */
const BLOGFLEET_ANALYTICS_HITS_PER_MINUTE = 60;

function blogfleet_analytics_flooding($visitor) {
    global $wpdb;
    $recent = (int) $wpdb->get_var($wpdb->prepare(
        'SELECT COUNT(*) FROM ' . blogfleet_analytics_table() . ' WHERE visitor = %s AND created_at >= %s',
        $visitor,
        gmdate('Y-m-d H:i:s', time() - MINUTE_IN_SECONDS)
    ));
    return $recent >= BLOGFLEET_ANALYTICS_HITS_PER_MINUTE;
}

function blogfleet_analytics_bare_host($url) {
    $host = is_string($url) && $url !== '' ? wp_parse_url($url, PHP_URL_HOST) : null;
    return is_string($host) && $host !== '' ? preg_replace('/^www\./', '', strtolower($host)) : '';
}

/** The referrer's host without "www.", or '' when there is none, it is unreadable or it is this site. */
function blogfleet_analytics_referrer_host($referrer) {
    $host = blogfleet_analytics_bare_host($referrer);
    return $host === blogfleet_analytics_bare_host(home_url()) ? '' : mb_substr($host, 0, 255);
}

function blogfleet_analytics_print_script() {
    if (is_admin() || is_feed() || is_embed() || is_customize_preview()) {
        return;
    }
    $url = wp_json_encode(rest_url('blogfleet/v1/hit'));
    echo '<script id="blogfleet-analytics">' . str_replace('__URL__', $url, '${SCRIPT}') . "</script>\n";
}
add_action('wp_footer', 'blogfleet_analytics_print_script', 100);

function blogfleet_analytics_hit(WP_REST_Request $request) {
    $agent = (string) $request->get_header('user_agent');
    if ($agent === '' || preg_match(BLOGFLEET_ANALYTICS_BOTS, $agent)) {
        return new WP_REST_Response(null, 204);
    }
    $raw = $request->get_body();
    $hit = strlen($raw) <= 4096 ? json_decode($raw, true) : null;
    $type = is_array($hit) && isset($hit['t']) ? $hit['t'] : '';
    $valid = ($type === 'v' || $type === 'l')
        && isset($hit['id'], $hit['p']) && is_string($hit['id']) && preg_match('/^[A-Za-z0-9_-]{1,32}$/', $hit['id'])
        && is_string($hit['p']) && strpos($hit['p'], '/') === 0
        && (!isset($hit['r']) || is_string($hit['r'])) && (!isset($hit['n']) || is_string($hit['n']))
        && ($type === 'v' || (isset($hit['d']) && (is_int($hit['d']) || is_float($hit['d']))));
    if (!$valid) {
        return new WP_Error('blogfleet_invalid_hit', 'Malformed analytics hit.', array('status' => 400));
    }
    blogfleet_analytics_install();
    global $wpdb;
    $visitor = substr(hash('sha256', blogfleet_analytics_salt() . blogfleet_analytics_address() . $agent), 0, 16);
    if (blogfleet_analytics_flooding($visitor)) {
        return new WP_REST_Response(null, 429);
    }
    $wpdb->insert(blogfleet_analytics_table(), array(
        'created_at' => gmdate('Y-m-d H:i:s'),
        'type' => $type,
        'view_id' => $hit['id'],
        'visitor' => $visitor,
        'path' => blogfleet_analytics_text($hit['p'], 512),
        'title' => $type === 'v' && isset($hit['n']) ? blogfleet_analytics_text($hit['n'], 255) : '',
        'referrer_host' => $type === 'v' && isset($hit['r']) ? blogfleet_analytics_referrer_host($hit['r']) : '',
        'duration_ms' => $type === 'l' ? (int) max(0, min(${ANALYTICS_MAX_DURATION_MS}, round((float) $hit['d']))) : 0,
    ), array('%s', '%s', '%s', '%s', '%s', '%s', '%s', '%d'));
    if (wp_rand(1, max(1, (int) apply_filters('blogfleet_analytics_prune_every', 100))) === 1) {
        $wpdb->query($wpdb->prepare(
            'DELETE FROM ' . blogfleet_analytics_table() . ' WHERE created_at < %s',
            gmdate('Y-m-d H:i:s', time() - BLOGFLEET_ANALYTICS_KEEP_DAYS * DAY_IN_SECONDS)
        ));
    }
    return new WP_REST_Response(null, 204);
}

function blogfleet_analytics_time($datetime) {
    return str_replace(' ', 'T', $datetime) . 'Z';
}

function blogfleet_analytics_events(WP_REST_Request $request) {
    blogfleet_analytics_install();
    global $wpdb;
    $after = (int) $request['after'];
    $limit = (int) $request['limit'];
    $rows = $wpdb->get_results($wpdb->prepare(
        'SELECT id, created_at, type, view_id, visitor, path, title, referrer_host, duration_ms FROM '
            . blogfleet_analytics_table() . ' WHERE id > %d ORDER BY id ASC LIMIT %d',
        $after,
        $limit + 1
    ), ARRAY_A);
    $rows = is_array($rows) ? $rows : array();
    $has_more = count($rows) > $limit;
    $events = array();
    foreach (array_slice($rows, 0, $limit) as $row) {
        $events[] = array(
            'id' => (int) $row['id'],
            'type' => $row['type'] === 'l' ? 'leave' : 'view',
            'time' => blogfleet_analytics_time($row['created_at']),
            'view_id' => $row['view_id'],
            'visitor' => $row['visitor'],
            'path' => $row['path'],
            'title' => $row['title'],
            'referrer_host' => $row['referrer_host'],
            'duration_ms' => (int) $row['duration_ms'],
        );
    }
    return array(
        'events' => $events,
        'last_id' => $events ? $events[count($events) - 1]['id'] : $after,
        'has_more' => $has_more,
    );
}

function blogfleet_analytics_status() {
    blogfleet_analytics_install();
    global $wpdb;
    $table = blogfleet_analytics_table();
    $oldest = $wpdb->get_var("SELECT MIN(created_at) FROM {$table}");
    return array(
        'version' => BLOGFLEET_ANALYTICS_VERSION,
        'events' => (int) $wpdb->get_var("SELECT COUNT(*) FROM {$table}"),
        'oldest' => $oldest ? blogfleet_analytics_time($oldest) : null,
        'last_id' => (int) $wpdb->get_var("SELECT COALESCE(MAX(id), 0) FROM {$table}"),
    );
}

function blogfleet_analytics_can_read() {
    return current_user_can('manage_options');
}

add_action('rest_api_init', function () {
    register_rest_route('blogfleet/v1', '/hit', array(
        'methods' => 'POST',
        'callback' => 'blogfleet_analytics_hit',
        'permission_callback' => '__return_true',
    ));
    register_rest_route('blogfleet/v1', '/events', array(
        'methods' => 'GET',
        'callback' => 'blogfleet_analytics_events',
        'permission_callback' => 'blogfleet_analytics_can_read',
        'args' => array(
            'after' => array('type' => 'integer', 'minimum' => 0, 'default' => 0),
            'limit' => array('type' => 'integer', 'minimum' => 1, 'maximum' => 1000, 'default' => 500),
        ),
    ));
    register_rest_route('blogfleet/v1', '/status', array(
        'methods' => 'GET',
        'callback' => 'blogfleet_analytics_status',
        'permission_callback' => 'blogfleet_analytics_can_read',
    ));
});
`;
