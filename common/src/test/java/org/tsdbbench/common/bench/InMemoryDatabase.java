package org.tsdbbench.common.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.tsdbbench.common.data.RowBatch;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.data.DeviceSession;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.iot.IotDialect;
import org.tsdbbench.common.iot.IotQuery;
import org.tsdbbench.common.iot.IotSession;
import org.tsdbbench.common.query.DeviceDialect;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.db.ServerFacts;
import org.tsdbbench.common.iot.IotSpec;
import org.tsdbbench.common.iot.TruckBatch;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.ResultSink;
import org.tsdbbench.common.workload.Workload;

/**
 * A stand-in for the harness's own tests (never for a database's): it counts rows written (the
 * devices' or the IoT trucks') and sessions opened, can take its time to open a session, and can lose rows it acknowledged.
 */
final class InMemoryDatabase extends Database {

    final AtomicLong stored = new AtomicLong();
    final AtomicInteger opened = new AtomicInteger();
    /** Rows the next write acknowledges but does not keep. */
    final AtomicLong toLose = new AtomicLong();
    volatile long openMillis;

    InMemoryDatabase() {
        this(new DatabaseDescriptor("memory", "Memory", 1, "bench", "MEMORY_PASSWORD"));
    }

    InMemoryDatabase(DatabaseDescriptor descriptor) {
        super(descriptor);
    }

    @Override
    public Dialect dialect() {
        return new MemoryDialect();
    }

    /** Says no query of either workload. */
    private static final class MemoryDialect implements DeviceDialect, IotDialect {
        @Override
        public Optional<String> render(LogicalQuery query, WorkloadSpec spec) {
            return Optional.empty();
        }

        @Override
        public Optional<String> render(IotQuery query, IotSpec spec) {
            return Optional.empty();
        }
    }

    @Override
    public Session open(ConnectionOptions options) {
        opened.incrementAndGet();
        if (openMillis > 0) {
            try {
                Thread.sleep(openMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return new MemorySession();
    }

    private final class MemorySession implements DeviceSession, IotSession {
        @Override
        public void recreateSchema(WorkloadSpec spec) {
            stored.set(0);
        }

        @Override
        public long write(RowBatch batch) {
            return keep(batch.size());
        }

        @Override
        public void recreateSchema(IotSpec spec) {
            stored.set(0);
        }

        @Override
        public long write(TruckBatch batch) {
            return keep(batch.size());
        }

        /** Acknowledges every row of a write, keeping all but those {@link #toLose} says to lose. */
        private long keep(int rows) {
            stored.addAndGet(rows - toLose.getAndSet(0));
            return rows;
        }

        @Override
        public long countRows(IotSpec spec) {
            return stored.get();
        }

        @Override
        public void query(String text, ResultSink sink) {
            throw new UnsupportedOperationException("no queries");
        }

        @Override
        public long countRows(WorkloadSpec spec) {
            return stored.get();
        }

        @Override
        public ServerFacts facts(Workload workload) {
            return new ServerFacts("0", "none", Map.of(), List.of());
        }

        @Override
        public void close() {
        }
    }
}
