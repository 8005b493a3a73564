package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A run folder's {@code <db>-manifest.json}: what JMH's JSON cannot carry. The facts of the run
 * (database, run id, shard, connection, server, workload, machine, the machine's state before a
 * measured step, when it was last written) and one section per step that ran: the server's
 * processes sampled, load, verify, schema, disk, query checks, write and fixed-rate cells, range,
 * mixed and volume, a cluster's fault cell; a merged manifest says how it was merged. A section is absent until its step
 * runs; each step rewrites its own.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Manifest(String database, String runId, ShardRecord shard, ConnectionRecord connection, ServerRecord server,
                       WorkloadRecord workload, MachineRecord machine, ConditionsRecord conditions, String updated,
                       ServerResourcesRecord serverResources, LoadRecord load, VerifyRecord verify, String schema, DiskRecord disk,
                       QueryRecord query, List<WriteCellRecord> write, List<WriteCellRecord> fixedRate, List<RangeCellRecord> range,
                       List<MixedRunRecord> mixed, List<VolumeBlockRecord> volume, FaultRecord fault, MergedRecord merged) {

    /** A manifest with no section yet. */
    public static Manifest empty() {
        return new Builder().build();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Sets the sections of a manifest one by one, as the steps learn them. */
    public static final class Builder {
        private String database;
        private String runId;
        private ShardRecord shard;
        private ConnectionRecord connection;
        private ServerRecord server;
        private WorkloadRecord workload;
        private MachineRecord machine;
        private ConditionsRecord conditions;
        private String updated;
        private ServerResourcesRecord serverResources;
        private LoadRecord load;
        private VerifyRecord verify;
        private String schema;
        private DiskRecord disk;
        private QueryRecord query;
        private List<WriteCellRecord> write;
        private List<WriteCellRecord> fixedRate;
        private List<RangeCellRecord> range;
        private List<MixedRunRecord> mixed;
        private List<VolumeBlockRecord> volume;
        private FaultRecord fault;
        private MergedRecord merged;

        public Builder() {
        }

        private Builder(Manifest m) {
            database = m.database;
            runId = m.runId;
            shard = m.shard;
            connection = m.connection;
            server = m.server;
            workload = m.workload;
            machine = m.machine;
            conditions = m.conditions;
            updated = m.updated;
            serverResources = m.serverResources;
            load = m.load;
            verify = m.verify;
            schema = m.schema;
            disk = m.disk;
            query = m.query;
            write = m.write;
            fixedRate = m.fixedRate;
            range = m.range;
            mixed = m.mixed;
            volume = m.volume;
            fault = m.fault;
            merged = m.merged;
        }

        // @formatter:off
        public Builder database(String v) { database = v; return this; }
        public Builder runId(String v) { runId = v; return this; }
        public Builder shard(ShardRecord v) { shard = v; return this; }
        public Builder connection(ConnectionRecord v) { connection = v; return this; }
        public Builder server(ServerRecord v) { server = v; return this; }
        public Builder workload(WorkloadRecord v) { workload = v; return this; }
        public Builder machine(MachineRecord v) { machine = v; return this; }
        public Builder conditions(ConditionsRecord v) { conditions = v; return this; }
        public Builder updated(String v) { updated = v; return this; }
        public Builder serverResources(ServerResourcesRecord v) { serverResources = v; return this; }
        public Builder load(LoadRecord v) { load = v; return this; }
        public Builder verify(VerifyRecord v) { verify = v; return this; }
        public Builder schema(String v) { schema = v; return this; }
        public Builder disk(DiskRecord v) { disk = v; return this; }
        public Builder query(QueryRecord v) { query = v; return this; }
        public Builder write(List<WriteCellRecord> v) { write = copy(v); return this; }
        public Builder fixedRate(List<WriteCellRecord> v) { fixedRate = copy(v); return this; }
        public Builder range(List<RangeCellRecord> v) { range = copy(v); return this; }
        public Builder mixed(List<MixedRunRecord> v) { mixed = copy(v); return this; }
        public Builder volume(List<VolumeBlockRecord> v) { volume = copy(v); return this; }
        public Builder fault(FaultRecord v) { fault = v; return this; }
        public Builder merged(MergedRecord v) { merged = v; return this; }
        // @formatter:on

        public Manifest build() {
            return new Manifest(database, runId, shard, connection, server, workload, machine, conditions, updated, serverResources, load,
                    verify, schema, disk, query, write, fixedRate, range, mixed, volume, fault, merged);
        }

        private static <T> List<T> copy(List<T> list) {
            return list == null ? null : List.copyOf(list);
        }
    }
}
