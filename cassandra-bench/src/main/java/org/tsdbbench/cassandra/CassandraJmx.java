package org.tsdbbench.cassandra;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.Poll;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * Cassandra's disk use the way nodetool gets it: over the node's JMX port, flush the table's
 * memtables to SSTables, wait until no compaction is pending, then read the table's
 * LiveDiskSpaceUsed metric. CQL has no way to flush or to size a table in bytes.
 */
final class CassandraJmx {

    private static final int SETTLE_SECONDS = 300;

    private final String host;
    private final int port;

    CassandraJmx(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** The tables' bytes, summed (several: each table's named in the method). */
    DiskUse diskUse(String keyspace, String... tables) throws DatabaseException {
        JMXServiceURL url;
        try {
            url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + host + ":" + port + "/jmxrmi");
        } catch (IOException e) {
            throw new DatabaseException("Cassandra JMX " + host + ":" + port + ": " + e.getMessage(), e);
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(url)) {
            MBeanServerConnection jmx = connector.getMBeanServerConnection();
            jmx.invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"), "forceKeyspaceFlush",
                    new Object[] {keyspace, tables}, new String[] {String.class.getName(), String[].class.getName()});
            ObjectName pending = new ObjectName("org.apache.cassandra.metrics:type=Compaction,name=PendingTasks");
            ObjectName manager = new ObjectName("org.apache.cassandra.db:type=CompactionManager");
            Poll.Probe<Boolean, Exception> compacting = () -> ((Number) jmx.getAttribute(pending, "Value")).longValue() > 0
                    || !((List<?>) jmx.getAttribute(manager, "Compactions")).isEmpty();
            if (Poll.every(Duration.ofSeconds(1), Duration.ofSeconds(SETTLE_SECONDS)).until(compacting, busy -> !busy)) {
                throw new DatabaseException("Cassandra: compactions still pending after " + SETTLE_SECONDS + " s");
            }
            long bytes = 0;
            StringBuilder each = new StringBuilder();
            for (String table : tables) {
                ObjectName live = new ObjectName("org.apache.cassandra.metrics:type=Table,keyspace=" + keyspace + ",scope=" + table
                        + ",name=LiveDiskSpaceUsed");
                long b = ((Number) jmx.getAttribute(live, "Count")).longValue();
                bytes += b;
                each.append(each.length() == 0 ? "" : " + ").append(table).append(' ').append(String.format(java.util.Locale.ROOT, "%,d", b));
            }
            // Beside it: the other keyspaces and their SSTables in use (a dropped table's files are not in the new table's figure).
            List<String> others = new ArrayList<>();
            long otherBytes = 0;
            for (Object k : (List<?>) jmx.getAttribute(new ObjectName("org.apache.cassandra.db:type=StorageService"), "Keyspaces")) {
                String name = String.valueOf(k);
                if (name.equals(keyspace) || name.startsWith("system")) continue;
                others.add(name);
                otherBytes += ((Number) jmx.getAttribute(new ObjectName("org.apache.cassandra.metrics:type=Keyspace,keyspace=" + name
                        + ",name=LiveDiskSpaceUsed"), "Value")).longValue();
            }
            String named = String.join(", ", tables);
            return new DiskUse(bytes, "JMX: StorageService.forceKeyspaceFlush(" + keyspace + ", " + named
                    + "), then no compaction pending or running, then " + (tables.length == 1 ? "the table's LiveDiskSpaceUsed"
                    : "the tables' LiveDiskSpaceUsed: " + each + " bytes") + " (SSTables in use; commit log not counted)",
                    new ServerHeldRecord(others, otherBytes, null, null, null));
        } catch (DatabaseException e) {
            throw e;
        } catch (IOException e) {
            throw new DatabaseException("Cassandra JMX at " + host + ":" + port + " unreachable (--option jmxPort=PORT): "
                    + DatabaseException.rootMessage(e), e);
        } catch (Exception e) {
            throw new DatabaseException("Cassandra JMX: " + DatabaseException.rootMessage(e), e);
        }
    }
}
