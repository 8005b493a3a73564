package org.tsdbbench.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.query.Dialect;

/**
 * Apache Cassandra through the Java driver 4.x. Driver settings (timeouts, page size) come from
 * the bundled application.conf, or the file given with {@code -conf}.
 */
public final class CassandraDatabase extends Database {

    /** The driver's configuration file ({@code -conf FILE} sets it too); the bundled application.conf otherwise. */
    static final ModuleOption<Path> CONF = ModuleOption.file("conf",
            "The driver's configuration file (HOCON, as -conf FILE); the bundled application.conf otherwise.");
    static final ModuleOption<String> LOCAL_DATACENTER = ModuleOption.text("localDatacenter", "datacenter1",
            "The driver's local datacenter.");
    static final ModuleOption<CassandraSession.WriteMode> WRITE_MODE = ModuleOption.choice("writeMode", CassandraSession.WriteMode.class,
            CassandraSession.WriteMode.BATCH, "How a request is sent: one UNLOGGED batch per partition (batch), or one INSERT per row, all in flight (async).");
    static final ModuleOption<Integer> REPLICATION_FACTOR = ModuleOption.integer("replicationFactor", 1, 1, 100,
            "Replication factor of the keyspace the schema step creates.");
    static final ModuleOption<Integer> JMX_PORT = ModuleOption.integer("jmxPort", 7199, 1, 65535,
            "The node's JMX port, read for the disk step (LiveDiskSpaceUsed, compactions).");

    private final CqlDialect dialect = new CqlDialect();

    public CassandraDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("cassandra", "Cassandra", 9042, "bench", "CASSANDRA_PASSWORD",
                CONF, LOCAL_DATACENTER, WRITE_MODE, REPLICATION_FACTOR, JMX_PORT)
                .withPublishedWriteMatrix("1,10,50,100,500,1000", "1-7"));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        Path conf = o.get(CONF);
        // Several -host addresses are the cluster's contact points; the driver finds the other nodes itself.
        CqlSessionBuilder b = CqlSession.builder()
                .addContactPoints(o.addresses().stream().map(a -> new InetSocketAddress(a.host(), a.port())).toList())
                .withLocalDatacenter(o.get(LOCAL_DATACENTER));
        if (conf != null) {
            b.withConfigLoader(DriverConfigLoader.fromFile(conf.toFile()));
        } else if (o.isSet(ModuleOption.CONNECT_TIMEOUT_MS)) {
            // --option connectTimeoutMs bounds connecting and the login (the bundled configuration's 5 s otherwise).
            Duration t = o.connectTimeout();
            b.withConfigLoader(DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, t)
                    .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, t)
                    .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, t)
                    .build());
        }
        if (!o.password().isEmpty()) b.withAuthCredentials(o.user(), o.password().reveal());
        CqlSession session;
        try {
            session = b.build();
        } catch (RuntimeException e) {
            throw DatabaseException.unreachable(displayName(), o, e);
        }
        try {
            // --option requestTimeoutMs overrides the driver configuration's basic.request.timeout.
            Duration timeout = o.isSet(ModuleOption.REQUEST_TIMEOUT_MS) ? o.requestTimeout() : null;
            return new CassandraSession(session, o.database(), o.get(WRITE_MODE),
                    conf == null ? "application.conf (bundled)" : conf.toString(), timeout, o.get(REPLICATION_FACTOR),
                    new CassandraJmx(o.addresses().get(0).host(), o.get(JMX_PORT)));
        } catch (RuntimeException e) {
            session.close();
            throw new DatabaseException("Cassandra: " + DatabaseException.rootMessage(e), e);
        }
    }
}
