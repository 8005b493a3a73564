package org.tsdbbench.influx;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import org.influxdb.InfluxDB;
import org.influxdb.InfluxDBFactory;
import org.influxdb.dto.Query;
import org.influxdb.dto.QueryResult;
import org.tsdbbench.common.data.DevicesWorkload;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.ModuleOption;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.db.WritePath;
import org.tsdbbench.common.devops.CpuOnlyWorkload;
import org.tsdbbench.common.iot.IotPublishedCells;
import org.tsdbbench.common.iot.IotWorkload;
import org.tsdbbench.common.query.Dialect;

/** InfluxDB 1.x through the official Java client (influxdb-java) over HTTP. */
public final class InfluxDatabase extends Database {

    static final ModuleOption<Boolean> GZIP = ModuleOption.bool("gzip", false, "Send requests gzip-compressed (the client's enableGzip).");

    private final InfluxDialect dialect = new InfluxDialect();

    public InfluxDatabase() {
        // The published write test's matrix (the spec's workload.md).
        super(new DatabaseDescriptor("influx", "InfluxDB", 8086, "bench", "INFLUX_PASSWORD", GZIP).withServerScript("influxdb")
                .withPublishedWriteMatrix("1,10,100,1000,5000,10000,20000", "1-7")
                // Line protocol over HTTP, as the published Go client wrote; no faster path (gzip measured slower on loopback; README).
                .withWritePaths(WritePath.published("line", Map.of("gzip", "false"), "devices", "iot"))
                .withWorkloads(DevicesWorkload.INSTANCE, IotWorkload.INSTANCE, CpuOnlyWorkload.INSTANCE)
                .withPublishedCells(IotPublishedCells.reportsDAndC()));
    }

    @Override
    public Dialect dialect() {
        return dialect;
    }

    @Override
    public long settleMillis() {
        // Points are queryable once the write is acknowledged (WAL + cache); a short grace only.
        return 2000;
    }

    @Override
    public Session open(ConnectionOptions o) throws DatabaseException {
        OkHttpClient.Builder http = new OkHttpClient.Builder()
                .socketFactory(new NoDelaySocketFactory())
                .connectTimeout(o.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(o.requestTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .writeTimeout(o.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
        String url = "http://" + o.single(displayName());
        InfluxDB client = o.password().isEmpty()
                ? InfluxDBFactory.connect(url, http)
                : InfluxDBFactory.connect(url, o.user(), o.password().reveal(), http);
        try {
            String version = client.ping().getVersion();
            // The ping needs no login, a query does: a wrong user or password is named here, not at the first write.
            QueryResult login = client.query(new Query("SHOW DATABASES"));
            if (login.hasError()) throw new DatabaseException(login.getError());
            boolean gzip = o.get(GZIP);
            if (gzip) client.enableGzip();
            LineWrites nsWrites = new LineWrites(http.build(), url, o.database(),
                    o.password().isEmpty() ? null : o.user(),
                    o.password().isEmpty() ? null : o.password().reveal(), gzip);
            return new InfluxSession(client, nsWrites, o.database(), version, gzip);
        } catch (RuntimeException | DatabaseException e) {
            client.close();
            throw DatabaseException.unreachable(displayName(), o, e);
        }
    }
}
