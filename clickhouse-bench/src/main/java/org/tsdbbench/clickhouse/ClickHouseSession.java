package org.tsdbbench.clickhouse;

import com.clickhouse.client.api.Client;
import com.clickhouse.client.api.insert.InsertResponse;
import com.clickhouse.client.api.insert.InsertSettings;
import com.clickhouse.client.api.query.QueryResponse;
import com.clickhouse.client.api.query.QuerySettings;
import com.clickhouse.data.ClickHouseFormat;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
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
import org.tsdbbench.results.ServerHeldRecord;

/**
 * One client's ClickHouse connection. Rows are inserted as a TabSeparated stream (one request, one
 * insert block, applied whole or not at all); queries carry an explicit {@code FORMAT
 * TabSeparated} clause (old servers ignore the format header) and are parsed as they stream in.
 * It takes the devices, the IoT trucks and the DevOps hosts ({@link DevopsLayout}).
 */
final class ClickHouseSession implements DeviceSession, IotSession, DevopsSession {

    static final String TABLE = "CREATE TABLE %s.devices (devid Int32, devname String, devgroup Int32, ts Int64, "
            + "temperature Int32, humidity Float32) ENGINE = MergeTree() ORDER BY (devgroup, devid, ts)";

    private final Client client;
    private final String database;
    private final String version;
    private final boolean modern;
    private final TabSeparatedBuilder body = new TabSeparatedBuilder();
    private final IotTabSeparatedBuilder readingsBody = new IotTabSeparatedBuilder();
    private final IotTabSeparatedBuilder diagnosticsBody = new IotTabSeparatedBuilder();
    private final CpuTabSeparatedBuilder cpuBody = new CpuTabSeparatedBuilder();
    private final CpuTabSeparatedBuilder tagsBody = new CpuTabSeparatedBuilder();
    private final SentHosts sentHosts = new SentHosts();
    private final InsertSettings insertSettings = new InsertSettings();

    ClickHouseSession(Client client, String database, String version, boolean modern) {
        this.client = client;
        this.database = database;
        this.version = version;
        this.modern = modern;
    }

    @Override
    public void recreateSchema(WorkloadSpec spec) throws DatabaseException {
        command(client, "DROP TABLE IF EXISTS " + database + ".devices");
        command(client, String.format(TABLE, database));
    }

    @Override
    public long write(RowBatch batch) throws DatabaseException {
        TabSeparatedBuilder.Buffer data = body.build(batch);
        return send(data.array(), data.length(), batch.size());
    }

    /** The TabSeparated body encoded now, into bytes of its own; sending it is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedInsert prepare(RowBatch batch) {
        TabSeparatedBuilder.Buffer data = body.build(batch);
        return new PreparedInsert(batch.size(), java.util.Arrays.copyOf(data.array(), data.length()));
    }

    /** A request built by {@link #prepare}: its encoded body. */
    final class PreparedInsert implements PreparedWrite {
        private final int rows;
        final byte[] body;

        private PreparedInsert(int rows, byte[] body) {
            this.rows = rows;
            this.body = body;
        }

        @Override
        public int rows() {
            return rows;
        }

        @Override
        public long bytes() {
            return 64 + body.length;
        }

        @Override
        public long send() throws DatabaseException {
            return ClickHouseSession.this.send(body, body.length, rows);
        }
    }

    private long send(byte[] data, int length, int rows) throws DatabaseException {
        return send("devices", data, length, rows, "rows");
    }

    /** One INSERT of {@code rows} rows into {@code table}: the rows acknowledged ({@code what} names them in an error). */
    private long send(String table, byte[] data, int length, int rows, String what) throws DatabaseException {
        try (InsertResponse r = client.insert(database + "." + table, new ByteArrayInputStream(data, 0, length),
                ClickHouseFormat.TabSeparated, insertSettings).get()) {
            // Servers since 19.x report written rows in X-ClickHouse-Summary; 18.16 sends no summary,
            // and its 200 answer means the one insert block (up to max_insert_block_size rows) was stored.
            boolean summary = r.getResponseHeaders().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("X-ClickHouse-Summary"));
            return summary ? r.getWrittenRows() : rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("ClickHouse insert interrupted", e);
        } catch (ExecutionException | RuntimeException e) {
            throw new DatabaseException("ClickHouse insert of " + rows + " " + what + " failed: " + DatabaseException.rootMessage(e), e);
        }
    }

    @Override
    public void recreateSchema(IotSpec spec) throws DatabaseException {
        for (IotTable t : IotTable.values()) command(client, IotLayout.drop(database, t));
        for (IotTable t : IotTable.values()) command(client, IotLayout.create(database, t));
    }

    /**
     * One request of IoT records: an INSERT of its readings, then one of its diagnostics (ClickHouse
     * inserts into one table a request), each built into this session's own buffer and each stored
     * whole or not at all. A table without rows in the batch sends nothing. When the diagnostics'
     * INSERT fails after the readings' was stored, the request fails with the readings stored: no
     * transaction spans two tables here (the load's count of stored against acknowledged records
     * then tells).
     */
    @Override
    public long write(TruckBatch batch) throws DatabaseException {
        if (batch.isEmpty()) return 0;
        long acked = 0;
        if (batch.readings.size() > 0) {
            IotTabSeparatedBuilder b = readingsBody.build(batch.trucks, batch.readings);
            acked += send(IotTable.READINGS.measurement, b.array(), b.length(), batch.readings.size(), "readings");
        }
        if (batch.diagnostics.size() > 0) {
            IotTabSeparatedBuilder b = diagnosticsBody.build(batch.trucks, batch.diagnostics);
            acked += send(IotTable.DIAGNOSTICS.measurement, b.array(), b.length(), batch.diagnostics.size(), "diagnostics");
        }
        return acked;
    }

    /** Both tables' bodies encoded now, into bytes of their own; sending them is the measured part with {@code --option prebuild=true}. */
    @Override
    public PreparedWrite prepare(TruckBatch batch) {
        int records = batch.size();
        int readings = batch.readings.size();
        int diagnostics = batch.diagnostics.size();
        byte[] r = readingsBody.build(batch.trucks, batch.readings).copy();
        byte[] d = diagnosticsBody.build(batch.trucks, batch.diagnostics).copy();
        return PreparedWrite.of(records, 128L + r.length + d.length, () -> {
            long acked = 0;
            if (readings > 0) acked += send(IotTable.READINGS.measurement, r, r.length, readings, "readings");
            if (diagnostics > 0) acked += send(IotTable.DIAGNOSTICS.measurement, d, d.length, diagnostics, "diagnostics");
            return acked;
        });
    }

    /** The records in readings and diagnostics, counted by the server. */
    @Override
    public long countRows(IotSpec spec) throws DatabaseException {
        long n = 0;
        for (IotTable t : IotTable.values()) n += Long.parseLong(scalar(client, "SELECT count() FROM " + database + "." + t.measurement));
        return n;
    }

    /**
     * As {@link #diskUse()} for the IoT tables: both merged by OPTIMIZE ... FINAL, then the bytes of
     * their active parts, each table's named in the method.
     */
    @Override
    public DiskUse diskUse(IotSpec spec) throws DatabaseException {
        return mergedDiskUse(java.util.Arrays.stream(IotTable.values()).map(t -> t.measurement).toList());
    }

    /** The tables merged by OPTIMIZE ... FINAL, then their active parts' bytes, each table's named in the method. */
    private DiskUse mergedDiskUse(List<String> tables) throws DatabaseException {
        StringBuilder method = new StringBuilder("system.parts bytes_on_disk of the active parts after OPTIMIZE TABLE FINAL:");
        long bytes = 0;
        for (int i = 0; i < tables.size(); i++) {
            String t = tables.get(i);
            command(client, "OPTIMIZE TABLE " + database + "." + t + " FINAL");
            long table = Long.parseLong(scalar(client, "SELECT sum(bytes_on_disk) FROM system.parts WHERE database = '" + database
                    + "' AND table = '" + t + "' AND active"));
            method.append(i == 0 ? " " : " + ").append(t).append(' ')
                    .append(String.format(java.util.Locale.ROOT, "%,d", table));
            bytes += table;
        }
        method.append(" bytes (merges finished; inactive parts awaiting deletion not counted)");
        return new DiskUse(bytes, method.toString(), serverHeld());
    }

    @Override
    public void recreateSchema(DevopsSpec spec) throws DatabaseException {
        for (String t : DevopsLayout.TABLES) command(client, DevopsLayout.drop(database, t));
        command(client, DevopsLayout.createTags(database));
        command(client, DevopsLayout.createCpu(database));
        sentHosts.clear();
    }

    /**
     * One request of cpu rows: an INSERT into {@code cpu} (one insert block, stored whole or not at all),
     * preceded, when the batch has hosts this session has not met, by one INSERT of their {@code tags}
     * rows, as TSBS's loader does. The rows acknowledged are the cpu INSERT's.
     */
    @Override
    public long write(CpuBatch batch) throws DatabaseException {
        if (batch.isEmpty()) return 0;
        int fresh = sentHosts.collect(batch);
        if (fresh > 0) {
            CpuTabSeparatedBuilder t = tagsBody.tags(batch.hosts(), sentHosts.fresh(), fresh);
            sendTags(t.array(), t.length(), sentHosts.fresh(), fresh);
        }
        CpuTabSeparatedBuilder b = cpuBody.rows(batch);
        return send(DevopsLayout.CPU, b.array(), b.length(), batch.size(), "cpu rows");
    }

    /** Both bodies (the new hosts' tags rows, the cpu rows) encoded now, into bytes of their own. */
    @Override
    public PreparedWrite prepare(CpuBatch batch) {
        int rows = batch.size();
        int fresh = sentHosts.collect(batch);
        int[] hosts = java.util.Arrays.copyOf(sentHosts.fresh(), fresh);
        byte[] tags = tagsBody.tags(batch.hosts(), hosts, fresh).copy();
        byte[] cpu = cpuBody.rows(batch).copy();
        return PreparedWrite.of(rows, 128L + tags.length + cpu.length, () -> {
            if (fresh > 0) sendTags(tags, tags.length, hosts, fresh);
            return rows == 0 ? 0 : send(DevopsLayout.CPU, cpu, cpu.length, rows, "cpu rows");
        });
    }

    /** The tags rows of {@code count} new hosts; when their INSERT fails, the next request carries them again. */
    private void sendTags(byte[] body, int length, int[] hosts, int count) throws DatabaseException {
        try {
            send(DevopsLayout.TAGS, body, length, count, "hosts' tags rows");
        } catch (DatabaseException e) {
            sentHosts.forget(hosts, count);
            throw e;
        }
    }

    /** The rows in cpu, counted by the server. */
    @Override
    public long countRows(DevopsSpec spec) throws DatabaseException {
        return Long.parseLong(scalar(client, "SELECT count() FROM " + database + "." + DevopsLayout.CPU));
    }

    /** As {@link #diskUse(IotSpec)} for cpu and tags. */
    @Override
    public DiskUse diskUse(DevopsSpec spec) throws DatabaseException {
        return mergedDiskUse(DevopsLayout.TABLES);
    }

    @Override
    public void query(String text, ResultSink sink) throws DatabaseException {
        stream(client, text, sink);
    }

    @Override
    public long countRows(WorkloadSpec spec) throws DatabaseException {
        return Long.parseLong(scalar(client, "SELECT count() FROM " + database + ".devices"));
    }

    /**
     * Bytes of the table's active parts after OPTIMIZE ... FINAL merged them into one part per
     * partition; beside it the other databases (those with tables, and any but {@code default}) and
     * their active parts' bytes. Each load drops and creates the table, so nothing of earlier runs is
     * in it (its inactive parts are this load's own, merged away and awaiting deletion).
     */
    @Override
    public DiskUse diskUse() throws DatabaseException {
        command(client, "OPTIMIZE TABLE " + database + ".devices FINAL");
        String parts = "SELECT sum(bytes_on_disk) FROM system.parts WHERE ";
        String ours = "database = '" + database + "' AND table = 'devices'";
        long bytes = Long.parseLong(scalar(client, parts + ours + " AND active"));
        return new DiskUse(bytes, "system.parts bytes_on_disk of the active parts of table devices after OPTIMIZE TABLE FINAL"
                + " (merges finished; inactive parts awaiting deletion not counted)", serverHeld());
    }

    /** The other databases (those with tables, and any but {@code default}) and their active parts' bytes. */
    private ServerHeldRecord serverHeld() throws DatabaseException {
        String notOurs = " NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema', '" + database + "')";
        List<String> others = new ArrayList<>();
        streamText(client, "SELECT DISTINCT database FROM system.tables WHERE database" + notOurs + " UNION ALL SELECT name FROM system.databases"
                + " WHERE name <> 'default' AND name" + notOurs, name -> {
                    if (!others.contains(name)) others.add(name);
                });
        return new ServerHeldRecord(others, Long.parseLong(scalar(client, "SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND database" + notOurs)),
                0L, false, null);
    }

    @Override
    public ServerFacts facts(Workload workload) throws DatabaseException {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("compat", modern ? "modern (LZ4 HTTP compression)" : "legacy (no HTTP compression)");
        for (String name : List.of("max_insert_block_size", "max_threads", "max_memory_usage")) {
            settings.put(name, scalar(client, "SELECT value FROM system.settings WHERE name = '" + name + "'"));
        }
        return new ServerFacts(version, driver(), settings, schema(workload));
    }

    /** The CREATE TABLE statements of the workload's tables. */
    private List<String> schema(Workload workload) {
        if (IotWorkload.INSTANCE.equals(workload)) {
            return List.of(IotLayout.create(database, IotTable.READINGS),
                    IotLayout.create(database, IotTable.DIAGNOSTICS));
        }
        if (CpuOnlyWorkload.INSTANCE.equals(workload)) {
            return List.of(DevopsLayout.createCpu(database), DevopsLayout.createTags(database));
        }
        return List.of(String.format(TABLE, database));
    }

    /**
     * Whether an INSERT's part is fsynced before the answer: {@code fsync_after_insert} where the
     * server has it (it came after 18.16, which never fsyncs a part). Either way the part's files
     * are written and renamed into place before the INSERT is answered, so a killed server keeps
     * it; without fsync an OS crash or power loss may not.
     */
    @Override
    public List<DurabilitySetting> durability() throws DatabaseException {
        String fsync = scalar(client, "SELECT any(value) FROM system.settings WHERE name = 'fsync_after_insert'");
        boolean known = !fsync.isBlank();
        String meaning = known && fsync.equals("1")
                ? "an INSERT's part is written, fsynced and renamed into place before the answer"
                : "an INSERT's part is written and renamed into place before the answer, not fsynced"
                        + (known ? "" : " (this version has no fsync_after_insert)") + ": a killed server keeps it, an OS crash or power loss may not";
        return List.of(DurabilitySetting.of("fsync_after_insert", known ? fsync : "absent", meaning, false));
    }

    /**
     * The client and its version, as the client itself reports it (compiled into it; the package's
     * implementation version comes from the shaded jar's manifest, which has none).
     */
    static String driver() {
        return "ClickHouse client-v2 " + Client.clientVersion;
    }

    @Override
    public void close() {
        client.close();
    }

    static void command(Client client, String sql) throws DatabaseException {
        try {
            client.execute(sql).get().close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("ClickHouse: interrupted: " + sql, e);
        } catch (Exception e) {
            throw new DatabaseException("ClickHouse: " + DatabaseException.rootMessage(e) + " [" + sql + "]", e);
        }
    }

    /** A one-value query's answer as text. */
    static String scalar(Client client, String sql) throws DatabaseException {
        String[] value = new String[1];
        streamText(client, sql, line -> {
            if (value[0] == null) value[0] = line;
        });
        if (value[0] == null) throw new DatabaseException("ClickHouse: no answer to " + sql);
        return value[0];
    }

    /**
     * Runs a query and hands each TabSeparated row to the sink as numbers (\N, NULL, nan as NaN),
     * a field that is no number also as its text (\N as null).
     */
    static void stream(Client client, String sql, ResultSink sink) throws DatabaseException {
        double[][] row = new double[1][];
        String[][] texts = new String[1][];
        streamText(client, sql, line -> {
            int columns = 1;
            for (int i = 0; i < line.length(); i++) if (line.charAt(i) == '\t') columns++;
            if (row[0] == null || row[0].length != columns) {
                row[0] = new double[columns];
                texts[0] = new String[columns];
            }
            int start = 0;
            for (int c = 0; c < columns; c++) {
                int end = line.indexOf('\t', start);
                if (end < 0) end = line.length();
                field(line.substring(start, end), row[0], texts[0], c);
                start = end + 1;
            }
            sink.row(row[0], texts[0]);
        });
    }

    /** Field {@code c} as a number (\N, NULL, nan and inf as NaN), or, when it is text (a name, say), as NaN and its text. */
    private static void field(String s, double[] values, String[] texts, int c) {
        texts[c] = null;
        switch (s) {
            case "\\N", "NULL", "nan", "-nan", "inf", "-inf" -> values[c] = Double.NaN;
            default -> {
                // A name starts with a letter: no number to try (and no exception to pay for).
                boolean text = !s.isEmpty() && Character.isLetter(s.charAt(0));
                if (!text) {
                    try {
                        values[c] = Double.parseDouble(s);
                    } catch (NumberFormatException e) {
                        text = true;
                    }
                }
                if (text) {
                    values[c] = Double.NaN;
                    texts[c] = unescape(s);
                }
            }
        }
    }

    /** A TabSeparated text field as the text it stands for (its backslash escapes undone). */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) return field;
        StringBuilder sb = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c != '\\' || i + 1 == field.length()) {
                sb.append(c);
                continue;
            }
            char e = field.charAt(++i);
            sb.append(switch (e) {
                case 't' -> '\t';
                case 'n' -> '\n';
                case 'r' -> '\r';
                case '0' -> '\0';
                case 'b' -> '\b';
                case 'f' -> '\f';
                default -> e;
            });
        }
        return sb.toString();
    }

    private static void streamText(Client client, String sql, java.util.function.Consumer<String> lines) throws DatabaseException {
        QuerySettings settings = new QuerySettings().setFormat(ClickHouseFormat.TabSeparated);
        try (QueryResponse r = client.query(sql + " FORMAT TabSeparated", settings).get();
             BufferedReader in = new BufferedReader(new InputStreamReader(r.getInputStream(), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = in.readLine()) != null) lines.accept(line);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DatabaseException("ClickHouse query interrupted", e);
        } catch (NumberFormatException e) {
            throw new DatabaseException("ClickHouse: not a number in the answer to [" + sql + "]: " + e.getMessage(), e);
        } catch (Exception e) {
            throw new DatabaseException("ClickHouse query failed: " + DatabaseException.rootMessage(e) + " [" + sql + "]", e);
        }
    }
}
