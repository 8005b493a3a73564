package org.tsdbbench.mysql;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
import org.tsdbbench.common.db.Jdbc;
import org.tsdbbench.common.db.PreparedWrite;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.IotTable;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.results.ServerHeldRecord;

/**
 * One client's MySQL connection. The table is InnoDB with primary key (devid, ts), which keeps
 * each device's rows together in time order (what q4 and range queries read), and a secondary
 * index on devgroup for q1..q4's filters. The IoT trucks: {@link IotSchema}'s tables, written
 * as one multi-row INSERT per table ({@link IotInsertBuilder}) after the batch's new tag sets
 * ({@link TagIds}). TSBS's DevOps hosts: {@link CpuSchema}'s tables, written by {@link CpuWrites}.
 */
final class MySqlSession implements DeviceSession, IotSession, DevopsSession {

    /** How a request is sent: one multi-row INSERT text, or a JDBC batch rewritten by the driver. */
    enum WriteMode {
        MULTIROW, BATCH
    }

    static final List<String> SCHEMA = List.of(
            "CREATE TABLE devices (devid INT NOT NULL, devname VARCHAR(16) NOT NULL, devgroup INT NOT NULL, "
                    + "ts BIGINT NOT NULL, temperature INT NOT NULL, humidity FLOAT NOT NULL, "
                    + "PRIMARY KEY (devid, ts), KEY devgroup_idx (devgroup)) ENGINE=InnoDB");

    private static final String BATCH_INSERT = MySqlInsertBuilder.PREFIX + "(?,?,?,?,?,?)";

    private final Connection connection;
    private final WriteMode mode;
    private final MySqlInsertBuilder insert = new MySqlInsertBuilder();
    private PreparedStatement batchInsert;
    private final TagIds tagIds = new TagIds();
    private final IotInsertBuilder iotInsert = new IotInsertBuilder();
    private final CpuWrites cpuWrites;

    MySqlSession(Connection connection, WriteMode mode) {
        this.connection = connection;
        this.mode = mode;
        this.cpuWrites = new CpuWrites(connection);
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        try {
            Jdbc.execute(connection, "DROP TABLE IF EXISTS devices");
            for (String ddl : SCHEMA) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot create the table: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        try {
            return mode == WriteMode.MULTIROW ? writeMultiRow(batch) : writeBatch(batch);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL insert of " + batch.size() + " rows failed: " + e.getMessage(), e);
        }
    }

    private long writeMultiRow(RowBatch batch) throws SQLException {
        return sendMultiRow(insert.build(batch));
    }

    private long sendMultiRow(String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            return st.executeUpdate(sql);
        }
    }

    private long writeBatch(RowBatch b) throws SQLException {
        if (batchInsert == null) batchInsert = connection.prepareStatement(BATCH_INSERT);
        bind(batchInsert, b);
        return Jdbc.executeBatch(batchInsert);
    }

    /** Adds every row of the batch to the statement's JDBC batch. */
    private static void bind(PreparedStatement st, RowBatch b) throws SQLException {
        for (int i = 0; i < b.size(); i++) {
            st.setInt(1, b.devid[i]);
            st.setString(2, b.devname[i]);
            st.setInt(3, b.devgroup[i]);
            st.setLong(4, b.ts[i]);
            st.setInt(5, b.temperature[i]);
            st.setFloat(6, b.humidity[i]);
            st.addBatch();
        }
    }


    /**
     * The request built now: multirow, the INSERT text; batch, a statement of its own with every
     * row bound and added to its JDBC batch (the driver's rewrite into multi-row INSERTs is part of
     * executing it, the measured call). Sending closes the batch's statement.
     */
    @Override
    public PreparedWrite prepare(RowBatch batch) throws DatabaseException {
        int rows = batch.size();
        if (mode == WriteMode.MULTIROW) {
            String sql = insert.build(batch);
            return new PreparedInsert(rows, sql, null);
        }
        try {
            PreparedStatement st = connection.prepareStatement(BATCH_INSERT);
            try {
                bind(st, batch);
            } catch (SQLException e) {
                st.close();
                throw e;
            }
            return new PreparedInsert(rows, null, st);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot bind " + rows + " rows: " + e.getMessage(), e);
        }
    }

    /**
     * A request built by {@link #prepare}: the multi-row INSERT text, or a statement with its rows
     * bound. {@link #bytes} is the text's bytes (ASCII), or {@link #BOUND_ROW_BYTES} a bound row.
     */
    final class PreparedInsert implements PreparedWrite {
        /**
         * Heap a bound row holds in Connector/J's batch: the row's copy of the bindings, six bound
         * values of 80 bytes each, the boxed values. Measured: 875 bytes a row (200 requests of
         * 1,000 rows held, heap after GC, Connector/J 26.10).
         */
        static final long BOUND_ROW_BYTES = 900;

        private final int rows;
        final String sql;
        final PreparedStatement bound;

        private PreparedInsert(int rows, String sql, PreparedStatement bound) {
            this.rows = rows;
            this.sql = sql;
            this.bound = bound;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            return sql != null ? 64 + sql.length() : 512 + BOUND_ROW_BYTES * rows;
        }

        @Override
        public long send() throws DatabaseException {
            try {
                if (sql != null) return sendMultiRow(sql);
                try (PreparedStatement st = bound) {
                    return Jdbc.executeBatch(st);
                }
            } catch (SQLException e) {
                throw new DatabaseException("MySQL insert of " + rows + " rows failed: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        try {
            for (String ddl : IotSchema.drop()) Jdbc.execute(connection, ddl);
            tagIds.clear();
            for (String ddl : IotSchema.create()) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot create the IoT tables: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        return prepare(batch).send();
    }

    /**
     * An IoT request: the batch's tag sets not seen before inserted first (a tags row without
     * records is harmless), then each table's rows as one multi-row INSERT, both in one transaction
     * when the batch holds both, so that the request is stored whole or not at all. The
     * acknowledged records are the affected-row counts the server returns. writeMode=batch does not
     * take the trucks.
     */
    @Override
    public PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        int records = batch.size();
        if (records == 0) return PreparedWrite.of(0, 0, () -> 0);
        if (mode != WriteMode.MULTIROW) throw new DatabaseException("MySQL: writeMode=batch does not take the iot workload (multirow does)");
        try {
            tagIds.resolve(connection, batch);
            String readings = iotInsert.build(batch.readings, tagIds);
            String diagnostics = iotInsert.build(batch.diagnostics, tagIds);
            long bytes = 64L + (readings == null ? 0 : readings.length()) + (diagnostics == null ? 0 : diagnostics.length());
            return PreparedWrite.of(records, bytes, () -> sendIot(records, readings, diagnostics));
        } catch (SQLException e) {
            throw iotWriteFailed(records, e);
        }
    }

    private DatabaseException iotWriteFailed(int records, SQLException e) {
        return new DatabaseException("MySQL insert of " + records + " IoT records failed: " + e.getMessage(), e);
    }

    /** One INSERT in autocommit, or both in one transaction: the sum of their affected-row counts once committed. */
    private long sendIot(int records, String readings, String diagnostics) throws DatabaseException {
        try {
            if (readings == null || diagnostics == null) return sendMultiRow(readings == null ? diagnostics : readings);
            connection.setAutoCommit(false);
            try {
                long acked = sendMultiRow(readings) + sendMultiRow(diagnostics);
                connection.commit();
                return acked;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw iotWriteFailed(records, e);
        }
    }

    /** The records in readings and diagnostics. */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        try {
            long n = 0;
            for (IotTable table : IotTable.values()) n += Jdbc.queryLong(connection, "SELECT COUNT(*) FROM " + table.measurement);
            return n;
        } catch (SQLException e) {
            throw new DatabaseException("MySQL count failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        try {
            for (String ddl : CpuSchema.drop()) Jdbc.execute(connection, ddl);
            cpuWrites.clear();
            for (String ddl : CpuSchema.create()) Jdbc.execute(connection, ddl);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot create the DevOps tables: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        return prepare(batch).send();
    }

    /** The batch's new hosts inserted now and its one INSERT built ({@link CpuWrites}); not in writeMode=batch. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        if (mode != WriteMode.MULTIROW) {
            throw new DatabaseException("MySQL: writeMode=batch does not take the cpu-only workload (multirow does)");
        }
        return cpuWrites.prepare(batch);
    }

    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        try {
            return Jdbc.queryLong(connection, "SELECT COUNT(*) FROM " + CpuSchema.CPU);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL count failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        try {
            Jdbc.query(connection, text, sink);
        } catch (SQLException e) {
            throw new DatabaseException("MySQL query failed: " + e.getMessage() + " [" + text + "]", e);
        }
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        try {
            return Jdbc.queryLong(connection, "SELECT COUNT(*) FROM devices");
        } catch (SQLException e) {
            throw new DatabaseException("MySQL count failed: " + e.getMessage(), e);
        }
    }

    /**
     * InnoDB's own figure: the table's data and index pages, after ANALYZE TABLE refreshed the
     * statistics; beside it the other schemas and their bytes (a dropped table leaves nothing in the
     * new one's file).
     */
    @Override
    public DiskUse diskUse() throws DatabaseException {
        try {
            long bytes = tableBytes(List.of("devices")).get("devices");
            return new DiskUse(bytes, "information_schema.TABLES data_length + index_length of table devices after ANALYZE TABLE"
                    + " (InnoDB pages in use, including their free space; binary and redo logs not counted)", serverHeld());
        } catch (SQLException e) {
            throw new DatabaseException("MySQL disk use failed: " + e.getMessage(), e);
        }
    }

    /** As {@link #diskUse()}, over the IoT tables: readings, diagnostics and tags, each named with its bytes. */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        List<String> tables = List.of(IotTable.READINGS.measurement, IotTable.DIAGNOSTICS.measurement, IotSchema.TAGS);
        return diskUse(tables, "the IoT tables");
    }

    /** As {@link #diskUse()}, over the DevOps tables: cpu and cpu_tags, each named with its bytes. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return diskUse(List.of(CpuSchema.CPU, CpuSchema.TAGS), "the DevOps tables");
    }

    private DiskUse diskUse(List<String> tables, String what) throws DatabaseException {
        try {
            Map<String, Long> each = tableBytes(tables);
            long bytes = 0;
            StringBuilder method = new StringBuilder("information_schema.TABLES data_length + index_length of ");
            for (String t : tables) {
                bytes += each.get(t);
                if (!t.equals(tables.get(0))) method.append(" + ");
                method.append(t).append(' ').append(String.format(java.util.Locale.ROOT, "%,d", each.get(t)));
            }
            method.append(" bytes after ANALYZE TABLE (InnoDB pages in use, including their free space; binary and redo logs not counted)");
            return new DiskUse(bytes, method.toString(), serverHeld());
        } catch (SQLException e) {
            throw new DatabaseException("MySQL disk use of " + what + " failed: " + e.getMessage(), e);
        }
    }

    /** Each table's data_length + index_length after ANALYZE TABLE; a table missing is an SQLException. */
    private Map<String, Long> tableBytes(List<String> tables) throws SQLException {
        Map<String, Long> bytes = new LinkedHashMap<>();
        try (Statement st = connection.createStatement()) {
            st.execute("ANALYZE TABLE " + String.join(", ", tables));
            try (ResultSet rs = st.executeQuery("SELECT TABLE_NAME, DATA_LENGTH + INDEX_LENGTH FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('" + String.join("', '", tables) + "')")) {
                while (rs.next()) bytes.put(rs.getString(1), rs.getLong(2));
            }
        }
        for (String t : tables) if (!bytes.containsKey(t)) throw new SQLException("no table " + t + " in information_schema.TABLES");
        return bytes;
    }

    /** The other schemas the user may see and their tables' bytes. */
    private ServerHeldRecord serverHeld() throws SQLException {
        List<String> others = new ArrayList<>();
        long otherBytes = 0;
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT s.SCHEMA_NAME, COALESCE(SUM(t.DATA_LENGTH + t.INDEX_LENGTH), 0)"
                     + " FROM information_schema.SCHEMATA s LEFT JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = s.SCHEMA_NAME"
                     + " WHERE s.SCHEMA_NAME NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys') AND s.SCHEMA_NAME <> DATABASE()"
                     + " GROUP BY s.SCHEMA_NAME ORDER BY s.SCHEMA_NAME")) {
            while (rs.next()) {
                others.add(rs.getString(1));
                otherBytes += rs.getLong(2);
            }
        }
        return new ServerHeldRecord(others, otherBytes, 0L, false, null);
    }

    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        try {
            DatabaseMetaData meta = connection.getMetaData();
            Map<String, String> settings = new LinkedHashMap<>();
            try (Statement st = connection.createStatement();
                 ResultSet rs = st.executeQuery("SHOW VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size',"
                         + "'innodb_flush_log_at_trx_commit','sync_binlog','log_bin','innodb_doublewrite','max_allowed_packet',"
                         + "'innodb_log_file_size','version_comment','div_precision_increment')")) {
                while (rs.next()) settings.put(rs.getString(1), rs.getString(2));
            }
            settings.put("writeMode", mode.name().toLowerCase(java.util.Locale.ROOT));
            return new ServerFacts(meta.getDatabaseProductVersion(), meta.getDriverName() + " " + meta.getDriverVersion(), settings, schema(workload));
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot read server facts: " + e.getMessage(), e);
        }
    }

    /** The run's workload's tables as this module creates them. */
    static List<String> schema(Workload workload) {
        if (IotWorkload.INSTANCE.equals(workload)) return IotSchema.create();
        return CpuOnlyWorkload.INSTANCE.equals(workload) ? CpuSchema.create() : SCHEMA;
    }

    /**
     * innodb_flush_log_at_trx_commit as the server has it (MariaDB's documentation of the values):
     * only 0, where the log is written once a second rather than at commit, lets a killed mariadbd
     * lose commits it acknowledged; 2 leaves the flush to disk to a once-a-second timer, which
     * only an OS crash or power loss can cost. Every request of this module commits on its own.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        try {
            String flush = Jdbc.queryString(connection, "SELECT @@innodb_flush_log_at_trx_commit");
            String meaning = switch (flush) {
                case "0" -> "the redo log is written and flushed about once a second, not at commit: a crash of mariadbd loses the last second's"
                        + " acknowledged commits";
                case "2" -> "the redo log is written at every commit and flushed to disk once a second: a killed mariadbd loses nothing,"
                        + " an OS crash or power loss up to a second";
                default -> "the redo log is written and flushed to disk at every commit: an acknowledged commit survives a crash";
            };
            return List.of(DurabilitySetting.of("innodb_flush_log_at_trx_commit", flush, meaning, "0".equals(flush)));
        } catch (SQLException e) {
            throw new DatabaseException("MySQL: cannot read innodb_flush_log_at_trx_commit: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a dead connection: nothing left to release
        }
    }
}
