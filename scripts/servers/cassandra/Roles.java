import com.datastax.driver.core.Cluster;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.exceptions.AuthenticationException;
import com.datastax.driver.core.exceptions.DriverException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The login of the benchmark on a Cassandra with PasswordAuthenticator: role {@code bench}, a
 * superuser, with the wanted password. Run by cassandra.sh and cassandra-cluster.sh once a node
 * serves CQL, with Cassandra's own classpath (its old driver, 3.x, is on it):
 * {@code java -cp <classpath> Roles.java HOST AUTH_REPLICATION}. The passwords come in the
 * environment (BENCH_PASSWORD: wanted; BENCH_STORED: the one the script kept, may be empty),
 * never in argv; nothing here prints them.
 * <ul>
 * <li>bench logs in with the wanted password: nothing to do;</li>
 * <li>with the stored one: its password is changed;</li>
 * <li>neither (a new node): as Cassandra's default superuser cassandra/cassandra, which the node
 * creates seconds after its first start, system_auth gets AUTH_REPLICATION replicas (3 on the
 * cluster: a login must survive a node down), bench is created, and cassandra loses its login and
 * its well-known password.</li>
 * </ul>
 * Exit 0 done, 2 refused (one line on stderr saying so).
 */
public class Roles {

    private static final String BENCH = "bench";

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int replication = Integer.parseInt(args[1]);
        String want = System.getenv("BENCH_PASSWORD");
        String stored = System.getenv().getOrDefault("BENCH_STORED", "");
        if (want == null || want.isEmpty()) fail("BENCH_PASSWORD is not set");
        if (login(host, BENCH, want, null)) return;
        if (!stored.isEmpty() && !stored.equals(want)
                && login(host, BENCH, stored, "ALTER ROLE " + BENCH + " WITH PASSWORD = " + literal(want))) {
            System.err.println("roles: the password of role " + BENCH + " changed");
            return;
        }
        // A new node: its default superuser appears superuser_setup_delay_ms after the start (0 here, set
        // by the scripts) once the node has joined its ring; a minute at most.
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            try (Cluster c = cluster(host, "cassandra", "cassandra"); Session s = c.connect()) {
                s.execute("ALTER KEYSPACE system_auth WITH replication = {'class': 'SimpleStrategy', 'replication_factor': " + replication + "}");
                // An earlier try may have made it (Cassandra refuses a second password change within 5 s).
                boolean exists = s.execute("SELECT role FROM system_auth.roles WHERE role = '" + BENCH + "'").one() != null;
                s.execute((exists ? "ALTER ROLE " + BENCH + " WITH " : "CREATE ROLE " + BENCH + " WITH LOGIN = true AND SUPERUSER = true AND ")
                        + "PASSWORD = " + literal(want));
                break;
            } catch (AuthenticationException e) {
                if (System.nanoTime() > deadline) {
                    fail("Cassandra on " + host + " refuses role " + BENCH + " with the wanted and the stored password, and the default"
                            + " superuser: set CASSANDRA_PASSWORD to its password (" + e.getMessage() + ")");
                }
            } catch (RuntimeException e) {
                // The default role not written yet ("Cannot achieve consistency level"), or the node still starting.
                if (System.nanoTime() > deadline) fail("could not create role " + BENCH + " on " + host + ": " + e.getMessage());
            }
            Thread.sleep(1000);
        }
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        if (!login(host, BENCH, want, "ALTER ROLE cassandra WITH PASSWORD = " + literal(Base64.getEncoder().encodeToString(random)) + " AND LOGIN = false")) {
            fail("role " + BENCH + " was created on " + host + " but cannot log in");
        }
        System.err.println("roles: role " + BENCH + " created (system_auth replication " + replication + "); the default superuser cassandra cannot log in");
    }

    /** Logs in and runs the statement, if any; false when the login is refused. */
    private static boolean login(String host, String user, String password, String statement) throws InterruptedException {
        try (Cluster c = cluster(host, user, password); Session s = c.connect()) {
            for (int tries = 1; statement != null; tries++) {
                try {
                    s.execute(statement);
                    break;
                } catch (DriverException e) {
                    // Cassandra refuses a role's second password change within 5 s (as "overloaded"): wait that out.
                    if (tries >= 15 || !String.valueOf(e.getMessage()).contains("can only be changed every")) throw e;
                    Thread.sleep(1000);
                }
            }
            return true;
        } catch (AuthenticationException e) {
            return false;
        }
    }

    private static Cluster cluster(String host, String user, String password) {
        return Cluster.builder().addContactPoint(host).withPort(9042).withCredentials(user, password).withoutJMXReporting()
                .withoutMetrics().build();
    }

    /** A CQL string literal. */
    private static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static void fail(String message) {
        System.err.println("error: " + message);
        System.exit(2);
    }
}
