package org.tsdbbench.tdengine;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.DiskUse;
import org.tsdbbench.common.db.DurabilitySetting;
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

/**
 * One client's TDengine session on one path: the super table {@code devices} with one sub-table
 * per device ({@code dev<devid>}, created on first insert), written in the session's write mode.
 * What differs between majors lives here: 2.x drops a super table with DROP TABLE, puts the
 * GROUP BY tag last, answers COUNT(*) of an empty table with no row, and keeps a super table's
 * vnode list cached from before its first sub-tables existed (so a count resets that cache first).
 * The IoT trucks live in a database of their own with report C's settings ({@link IotLayout}), 3.x only;
 * so do TSBS's DevOps hosts, in TSBS's TDengine layout ({@link CpuLayout}).
 */
final class TDengineSession implements DeviceSession, IotSession, DevopsSession {

    static final String SUPER_TABLE = "CREATE TABLE IF NOT EXISTS devices (ts TIMESTAMP, temperature INT, humidity FLOAT) "
            + "TAGS (devid INT, devname BINARY(16), devgroup INT)";
    /** The layout schemaless writes make: its own timestamp column name and text tags (created ahead so an empty table counts 0). */
    static final String LINE_SUPER_TABLE = "CREATE TABLE IF NOT EXISTS devices (_ts TIMESTAMP, temperature INT, humidity FLOAT) "
            + "TAGS (devid NCHAR(16), devname NCHAR(16), devgroup NCHAR(16))";

    private final Channel channel;
    private final TDengineSettings settings;
    private final ServerVersion server;
    private final String database;
    private final RequestWriter writer;
    private final IotLayout iot;
    private final CpuLayout cpu;
    /** The database's REPLICA as the server has it (3.x), or as asked (2.x, not read back). */
    private final String replica;

    TDengineSession(Channel channel, TDengineSettings settings, ServerVersion server, String database) throws DatabaseException {
        this.channel = channel;
        this.settings = settings;
        this.server = server;
        this.database = database;
        this.iot = new IotLayout(database);
        this.cpu = new CpuLayout(database);
        // Millisecond precision: the data set's timestamps are epoch ms.
        channel.update("CREATE DATABASE IF NOT EXISTS " + database + " PRECISION 'ms'"
                + (settings.replica() == null ? "" : " REPLICA " + settings.replica()));
        this.replica = replicaOf(channel, database, settings);
        channel.use(database);
        this.writer = switch (settings.writeMode()) {
            case SQL -> new SqlWriter(channel, settings.maxSqlBytes(), iot, cpu);
            case STMT -> new StmtWriter((JdbcChannel) channel, iot, cpu);
            case LINE -> channel instanceof RestChannel rest ? LineWriter.over(rest, database) : LineWriter.over((JdbcChannel) channel, database);
        };
    }

    /** The REPLICA the database has; asking for another than an existing database's is an error (it would not be applied). */
    private static String replicaOf(Channel channel, String database, TDengineSettings settings) throws DatabaseException {
        if (settings.major() < 3) return settings.replica() == null ? "server default" : settings.replica() + " (asked; 2.x is not asked back)";
        String has = channel.scalar("SELECT `replica` FROM information_schema.ins_databases WHERE name = '" + database + "'");
        if (settings.replica() != null && !String.valueOf(settings.replica()).equals(has)) {
            throw new DatabaseException("--option replica=" + settings.replica() + ": database " + database + " exists with REPLICA " + has
                    + ": drop it, or name another database with -database");
        }
        return has;
    }

    int major() {
        return settings.major();
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        try {
            // Dropping the super table drops every sub-table with it.
            channel.update((major() >= 3 ? "DROP STABLE IF EXISTS " : "DROP TABLE IF EXISTS ") + database + ".devices");
            channel.update(settings.writeMode() == WriteMode.LINE ? LINE_SUPER_TABLE : SUPER_TABLE);
        } catch (DatabaseException e) {
            throw new DatabaseException("TDengine: cannot create the super table: " + e.getMessage(), e);
        }
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        try {
            return writer.write(batch);
        } catch (DatabaseException e) {
            throw named(e);
        }
    }

    /** The request built now in the session's write mode: sql the INSERT text, stmt the bound columns, line the line protocol. */
    @Override
    public PreparedWrite prepare(RowBatch batch) {
        return labelled(writer.prepare(batch));
    }

    /** A prepared request whose failure names TDengine, as a write's does. */
    private static PreparedWrite labelled(PreparedWrite built) {
        return PreparedWrite.of(built.rows(), built.bytes(), () -> {
            try {
                return built.send();
            } catch (DatabaseException e) {
                throw named(e);
            }
        });
    }

    /** A write's failure, naming TDengine. */
    private static DatabaseException named(DatabaseException e) {
        return new DatabaseException("TDengine " + e.getMessage(), e);
    }

    /**
     * Drops the IoT database and creates it again with report C's settings for this data set (its
     * stt_trigger is the scenario's), then its two super tables. 2.x does not take the trucks:
     * report C ran 3.0, and 2.x has neither the last-row cache setting nor stt files.
     */
    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        requireIot();
        try {
            channel.update("DROP DATABASE IF EXISTS " + iot.database());
            channel.update(iot.createDatabase(spec, settings.replica()));
            for (String st : iot.createSuperTables()) channel.update(st);
        } catch (DatabaseException e) {
            throw new DatabaseException("TDengine: cannot create the IoT database " + iot.database() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        requireIot();
        try {
            return writer.write(batch);
        } catch (DatabaseException e) {
            throw named(e);
        }
    }

    @Override
    public PreparedWrite prepare(TruckBatch batch) throws DatabaseException {
        requireIot();
        return labelled(writer.prepare(batch));
    }

    /** Both super tables' records. */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        requireIot();
        long n = 0;
        for (IotTable t : IotTable.values()) {
            try {
                String count = channel.scalar("SELECT COUNT(*) FROM " + iot.table(t));
                n += count == null ? 0 : Long.parseLong(count);
            } catch (DatabaseException | NumberFormatException e) {
                throw new DatabaseException("TDengine count of " + iot.table(t) + " failed: " + e.getMessage(), e);
            }
        }
        return n;
    }

    private void requireIot() throws DatabaseException {
        if (major() < 3) throw new DatabaseException("TDengine " + major() + ".x does not take the iot workload (report C's layout needs 3.x)");
    }

    /**
     * Drops the DevOps database and creates it again ({@link CpuLayout}: TSBS's loader's precision, a keep that
     * takes 2016, the last-row cache), then the super table {@code cpu}. 2.x does not take the DevOps hosts.
     */
    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        requireDevops();
        try {
            channel.update("DROP DATABASE IF EXISTS " + cpu.database());
            channel.update(cpu.createDatabase(settings.replica()));
            channel.update(cpu.createSuperTable());
        } catch (DatabaseException e) {
            throw new DatabaseException("TDengine: cannot create the DevOps database " + cpu.database() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        requireDevops();
        try {
            return writer.write(batch);
        } catch (DatabaseException e) {
            throw named(e);
        }
    }

    /** The request built now in the session's write mode: sql its INSERT text, stmt a copy of the rows. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) throws DatabaseException {
        requireDevops();
        try {
            return labelled(writer.prepare(batch));
        } catch (DatabaseException e) {
            throw named(e);
        }
    }

    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        requireDevops();
        try {
            String count = channel.scalar("SELECT COUNT(*) FROM " + cpu.table());
            return count == null ? 0 : Long.parseLong(count);
        } catch (DatabaseException | NumberFormatException e) {
            throw new DatabaseException("TDengine count of " + cpu.table() + " failed: " + e.getMessage(), e);
        }
    }

    /** The DevOps database's figure as the devices': the blocks of {@code cpu}, its vnodes' index and stt files. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        requireDevops();
        return VnodeDiskUsage.measure(channel, cpu.database(), List.of(cpu.table()), major(), settings.nativePort());
    }

    private void requireDevops() throws DatabaseException {
        if (major() < 3) {
            String workload = CpuOnlyWorkload.INSTANCE.name();
            throw new DatabaseException("TDengine " + major() + ".x does not take the " + workload + " workload: the"
                    + " module says its DevOps database and queries in 3.x's forms only"
                    + " (CACHEMODEL, _wstart, PARTITION BY)");
        }
    }

    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        if (settings.writeMode() == WriteMode.LINE) {
            throw new DatabaseException("TDengine: writeMode=line stores schemaless's own layout (text tags, _ts), which the catalog's"
                    + " queries do not read: load with writeMode=sql or stmt to query [" + text + "]");
        }
        try {
            channel.query(text, sink);
        } catch (DatabaseException e) {
            throw new DatabaseException("TDengine query failed: " + e.getMessage() + " [" + text + "]", e);
        }
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        try {
            // 2.x: a client that read the super table before its sub-tables existed keeps an empty vnode list for it.
            if (major() < 3) channel.update("RESET QUERY CACHE");
            String count = channel.scalar("SELECT COUNT(*) FROM " + database + ".devices");
            // 2.x answers COUNT(*) of an empty super table with no row at all.
            return count == null ? 0 : Long.parseLong(count);
        } catch (DatabaseException | NumberFormatException e) {
            throw new DatabaseException("TDengine count failed: " + e.getMessage(), e);
        }
    }

    @Override
    public DiskUse diskUse() throws DatabaseException {
        return VnodeDiskUsage.measure(channel, database, List.of(database + ".devices"), major(), settings.nativePort());
    }

    /** The IoT database's figure as the devices': its two super tables' blocks, its vnodes' index and stt files. */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        requireIot();
        return VnodeDiskUsage.measure(channel, iot.database(), List.of(iot.table(IotTable.READINGS), iot.table(IotTable.DIAGNOSTICS)), major(),
                settings.nativePort());
    }

    @Override
    public ServerFacts facts(Workload workload) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("writePath", settings.describePath());
        facts.put("connection", settings.path().option());
        facts.put("connectionChosen", settings.pathChosenBy());
        facts.put("writeMode", settings.writeMode().option());
        facts.put("acknowledgement", writer.acknowledgement());
        facts.put("serverMajor", major() + (settings.majorOverridden() ? " (--option serverMajor)" : " (from the server's version)"));
        facts.put("maxSqlBytes", String.valueOf(settings.maxSqlBytes()));
        facts.put("replica", replica);
        return new ServerFacts(server.text(), channel.driver(), facts, layout(workload));
    }

    /** The layout a workload's rows take, for the manifest. */
    private List<String> layout(Workload workload) {
        if (IotWorkload.INSTANCE.equals(workload)) return iot.described();
        if (CpuOnlyWorkload.INSTANCE.equals(workload)) return cpu.described();
        return List.of(settings.writeMode() == WriteMode.LINE ? LINE_SUPER_TABLE : SUPER_TABLE);
    }

    /**
     * The database's WAL_LEVEL and WAL_FSYNC_PERIOD (3.x: information_schema.ins_databases): at
     * either level a vnode has written a request to its WAL before it answers; level 1 leaves the
     * WAL to the kernel to flush, level 2 fsyncs it every WAL_FSYNC_PERIOD ms (0: at every write).
     * So a killed taosd keeps what it acknowledged at both levels; an OS crash or power loss may
     * cost level 1 what the kernel had not written. 2.x answers these only in SHOW DATABASES beside
     * every database's name, which the channels do not read as text: none is declared there.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        if (major() < 3) return List.of();
        String where = " FROM information_schema.ins_databases WHERE name = '" + database + "'";
        String level = channel.scalar("SELECT `wal_level`" + where);
        String period = channel.scalar("SELECT `wal_fsync_period`" + where);
        String meaning = "2".equals(level)
                ? "a request is in the vnode's WAL before it is answered, and the WAL is fsynced every " + period + " ms (0: at every write)"
                : "a request is in the vnode's WAL before it is answered; the WAL is not fsynced (the kernel writes it): a killed taosd keeps"
                + " it, an OS crash or power loss may not";
        return List.of(DurabilitySetting.of("WAL_LEVEL", level + " (WAL_FSYNC_PERIOD " + period + " ms)", meaning, false));
    }

    /** The SQL writer's requests split at the server's SQL length limit: a figure at such an R/R is for several statements. */
    @Override
    public Map<String, Long> counters() {
        return writer instanceof SqlWriter sql ? Map.of("requestsSplitBySqlLimit", sql.splitRequests()) : Map.of();
    }

    @Override
    public void close() {
        writer.close();
        channel.close();
    }
}
