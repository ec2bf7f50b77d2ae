<?php
// SabreDAV 1.8 (Debian's php-sabre-dav) as a CalDAV server for Koyomi's tests: one user
// "test" with password "secret" (HTTP Basic), calendars in an SQLite file given by the
// environment. Run with `php -S 127.0.0.1:PORT server.php`.
date_default_timezone_set('UTC');
require_once 'Sabre/autoload.php';

class KoyomiTestAuth extends \Sabre\DAV\Auth\Backend\AbstractBasic {
    protected function validateUserPass($username, $password) {
        return $username === 'test' && $password === 'secret';
    }
}

$pdo = new \PDO('sqlite:' . getenv('KOYOMI_SABRE_DB'));
$pdo->setAttribute(PDO::ATTR_ERRMODE, PDO::ERRMODE_EXCEPTION);
$principals = new \Sabre\DAVACL\PrincipalBackend\PDO($pdo);
$calendars = new \Sabre\CalDAV\Backend\PDO($pdo);
$server = new \Sabre\DAV\Server(array(
    new \Sabre\CalDAV\Principal\Collection($principals),
    new \Sabre\CalDAV\CalendarRootNode($principals, $calendars),
));
$server->setBaseUri('/');
$server->addPlugin(new \Sabre\DAV\Auth\Plugin(new KoyomiTestAuth(), 'SabreDAV'));
$server->addPlugin(new \Sabre\DAVACL\Plugin());
$server->addPlugin(new \Sabre\CalDAV\Plugin());
$server->exec();
