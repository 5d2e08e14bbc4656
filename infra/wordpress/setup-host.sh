#!/usr/bin/env bash
# Makes this machine a WordPress host for Blogfleet's provisioner, from Debian's packages:
# WordPress core (/usr/share/wordpress), PHP CLI with mysqli, and a MariaDB server on 127.0.0.1:3306.
# Sites are then created by provisionSite() and served on loopback by `php -S`, one port per site, as
# their own system user (WP_RUN_AS_USER, default blogfleet-sites), never as the server's user.
# Safe to run repeatedly. Needs root (apt-get, starting mariadbd, useradd). Works the same on a fresh Debian 12.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
DB_HOST="${WP_DB_HOST:-127.0.0.1}"
DB_PORT="${WP_DB_PORT:-3306}"
SITES_ROOT="${WP_HOST_ROOT:-./data/wordpress-sites}"
SITES_USER="${WP_RUN_AS_USER:-blogfleet-sites}"

packages=(wordpress php-cli php-mysql)
if [ "$DB_HOST" = 127.0.0.1 ] || [ "$DB_HOST" = localhost ]; then
  packages+=(mariadb-server)
fi
missing=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages…"
  apt-get update -qq
fi
# Always asked for (a no-op when present) so a half-installed package gets completed.
apt-get install -y -qq "${packages[@]}" >/dev/null

db_up() { mysqladmin --protocol=tcp -h "$DB_HOST" -P "$DB_PORT" -u "${WP_DB_USER:-root}" ${WP_DB_PASSWORD:+"-p$WP_DB_PASSWORD"} ping >/dev/null 2>&1; }

if ! db_up && { [ "$DB_HOST" = 127.0.0.1 ] || [ "$DB_HOST" = localhost ]; }; then
  echo "Starting MariaDB…"
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
  if [ ! -d /var/lib/mysql/mysql ]; then
    mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null
  fi
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
  for _ in $(seq 1 30); do db_up && break; sleep 1; done
fi
if db_up; then
  echo "MariaDB is up on $DB_HOST:$DB_PORT"
else
  echo "MariaDB is not reachable on $DB_HOST:$DB_PORT as ${WP_DB_USER:-root}" >&2
  exit 1
fi

php -r 'exit(extension_loaded("mysqli") ? 0 : 1);' || { echo "PHP lacks mysqli (php-mysql)" >&2; exit 1; }
test -f /usr/share/wordpress/wp-load.php || { echo "WordPress core missing in /usr/share/wordpress" >&2; exit 1; }
# The sites' PHP runs as this user (a root server switches to it): a system account with its own group,
# no login shell and no home, that owns nothing but the sites' upload directories.
if ! getent passwd "$SITES_USER" >/dev/null; then
  useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$SITES_USER"
  echo "Created the system user $SITES_USER for the sites' PHP"
fi
mkdir -p "$SITES_ROOT"
echo "WordPress host ready: $(php -r 'echo "PHP ", PHP_VERSION;'), WordPress $(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" /usr/share/wordpress/wp-includes/version.php), sites in $SITES_ROOT, run as $SITES_USER"

cat <<'NOTE'
Real deployment: keep MariaDB on loopback, give each site WP_HOST_ROOT/<domain>/, and put nginx with
HTTPS in front (apt-get install nginx php-fpm certbot python3-certbot-nginx). Either proxy each domain
to its loopback port (proxy_pass http://127.0.0.1:<port>; proxy_set_header Host $host;
proxy_set_header X-Forwarded-Proto $scheme;) or serve it with php-fpm: root <site>/public;
try_files $uri $uri/ /index.php?$args; fastcgi_param PHP_VALUE "auto_prepend_file=<site>/abspath.php";
then `certbot --nginx -d <domain>`, and provision with host.siteUrl = (d) => `https://${d}`.
NOTE
