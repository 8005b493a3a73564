import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates OpenTSDB's four tables with the column families of its create_table.sh (no
 * compression, one version), skipping those that exist, and waits until each is available (its
 * regions assigned), up to a minute. Run with the HBase classpath:
 * {@code java -cp <hbase classpath>:<conf dir> CreateTables.java}.
 */
public class CreateTables {
    /** OpenTSDB's tables and their column families, in create_table.sh's order. */
    private static final Map<String, List<String>> TABLES = new LinkedHashMap<>();

    static {
        TABLES.put("tsdb", List.of("t"));
        TABLES.put("tsdb-uid", List.of("id", "name"));
        TABLES.put("tsdb-tree", List.of("t"));
        TABLES.put("tsdb-meta", List.of("name"));
    }

    public static void main(String[] args) throws Exception {
        Configuration conf = HBaseConfiguration.create();
        try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
            TABLES.forEach((table, families) -> create(admin, table, families));
            // A table HBase has not yet assigned to the region server refuses writes (the TSD would
            // queue them, acknowledged, and drop them): the server is ready once every region is.
            for (String table : TABLES.keySet()) {
                for (int i = 0; !admin.isTableAvailable(TableName.valueOf(table)); i++) {
                    if (i == 240) throw new IllegalStateException(table + ": not available after 60 s");
                    Thread.sleep(250);
                }
            }
        }
    }

    static void create(Admin admin, String table, List<String> families) {
        try {
            createIfAbsent(admin, table, families);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static void createIfAbsent(Admin admin, String table, List<String> families) throws java.io.IOException {
        TableName name = TableName.valueOf(table);
        if (admin.tableExists(name)) return;
        TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(name);
        for (String f : families) t.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(f.getBytes()).setMaxVersions(1).build());
        admin.createTable(t.build());
        System.out.println("created " + table);
    }
}
